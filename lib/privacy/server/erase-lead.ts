import "server-only";
import { ApiError } from "@/lib/platform/shared/api-error";
import { getDb } from "@/lib/platform/server/db";
import { normalizeAddress } from "@/lib/platform/shared/email-address";
import { auditLead, lockLead, type LeadActor } from "@/lib/leads/server/lead-actor";
import { erasePerson, type ErasureCounts } from "@/lib/privacy/server/erase-person";

// An operator erasing a lead from its page, without a privacy request: the same erasure, confirmed
// by typing the lead's address, so a slip of the mouse cannot do it.

export async function eraseLead(leadId: string, confirmEmail: string, actor: LeadActor): Promise<ErasureCounts> {
  return getDb().$transaction(
    async (tx) => {
      const lead = await lockLead(tx, leadId);
      if (normalizeAddress(confirmEmail) !== normalizeAddress(lead.email))
        throw new ApiError("invalid_request", "Type the lead's e-mail address exactly to confirm the erasure.");
      const counts = await erasePerson(tx, lead.email);
      await auditLead(tx, actor, leadId, "lead.erase", { counts });
      return counts;
    },
    { timeout: 30_000 },
  );
}
