import "server-only";
import { ApiError } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { TAGS_PER_LEAD } from "@/lib/leads/shared/lead-labels";
import { auditLead, lockLead, type LeadActor } from "@/lib/leads/server/lead-actor";

// Adding a tag the lead has, or removing one it lacks, changes nothing and is not audited.

export type TagChange = { add: string } | { remove: string };

export async function changeLeadTags(leadId: string, change: TagChange, actor: LeadActor): Promise<{ tags: string[] }> {
  return getDb().$transaction(async (tx) => {
    const lead = await lockLead(tx, leadId);
    const has = (tag: string) => lead.tags.includes(tag);
    let tags = lead.tags;
    if ("add" in change && !has(change.add)) {
      if (tags.length >= TAGS_PER_LEAD) throw new ApiError("conflict", `A lead has at most ${TAGS_PER_LEAD} tags.`);
      tags = [...tags, change.add].sort();
    } else if ("remove" in change && has(change.remove)) {
      tags = tags.filter((tag) => tag !== change.remove);
    } else {
      return { tags };
    }
    await tx.prospect.update({ where: { id: leadId }, data: { tags } });
    const [action, tag] = "add" in change ? ["lead.tag_add", change.add] : ["lead.tag_remove", change.remove];
    await auditLead(tx, actor, leadId, action, { tag });
    return { tags };
  });
}
