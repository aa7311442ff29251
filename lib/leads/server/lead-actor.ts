import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/platform/shared/api-error";
import { recordAudit } from "@/lib/platform/server/audit-log";

// Who changed a lead, and the audit row every console change to a lead commits with.

export type LeadActor = { operatorId: string; ip: string };
export const LEAD_TARGET = "lead";

type Tx = Prisma.TransactionClient;

/** Locks the lead's row, so two changes to its tags do not overwrite each other. */
export async function lockLead(tx: Tx, id: string): Promise<{ id: string; email: string; tags: string[] }> {
  const rows = await tx.$queryRaw<{ id: string; email: string; tags: string[] }[]>`
    SELECT id::text, email, tags FROM prospects WHERE id = ${id}::uuid FOR UPDATE`;
  const lead = rows[0];
  if (!lead) throw new ApiError("not_found", "No lead has this id. It may have been erased.");
  return lead;
}

export function auditLead(
  tx: Tx,
  actor: LeadActor,
  leadId: string,
  action: string,
  details: Prisma.InputJsonObject = {},
): Promise<void> {
  return recordAudit(
    { operatorId: actor.operatorId, action, targetType: LEAD_TARGET, targetId: leadId, details, ip: actor.ip },
    tx,
  );
}
