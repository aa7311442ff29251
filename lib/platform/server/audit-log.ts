import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";

// The console's audit trail (issue 12 §1): one row per operator action that changes data or
// exports personal data. Written in the same transaction as the change when one is given, so an
// action and its record commit or roll back together.

export type AuditEntry = {
  /** The signed-in operator; null for the command line (details.actor says who ran it). */
  operatorId: string | null;
  /** Dotted verb, e.g. "operator.create", "order.refund", "privacy.export". */
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Prisma.InputJsonObject;
  ip?: string | null;
};

type AuditWriter = Pick<Prisma.TransactionClient, "auditLog">;

export async function recordAudit(entry: AuditEntry, tx?: AuditWriter): Promise<void> {
  await (tx ?? getDb()).auditLog.create({
    data: {
      operatorId: entry.operatorId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: entry.details ?? {},
      ip: entry.ip ?? null,
    },
  });
}
