import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { auditLead, lockLead, type LeadActor } from "@/lib/leads/server/lead-actor";

// The audit row names the note, never its text: erasure deletes the note and nothing else keeps it.

export async function addLeadNote(leadId: string, text: string, actor: LeadActor): Promise<{ id: string }> {
  return getDb().$transaction(async (tx) => {
    await lockLead(tx, leadId);
    const note = await tx.leadNote.create({ data: { prospectId: leadId, operatorId: actor.operatorId, text } });
    await auditLead(tx, actor, leadId, "lead.note", { noteId: note.id, chars: text.length });
    return { id: note.id };
  });
}
