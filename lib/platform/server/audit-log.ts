import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";

// Written in the change's transaction when one is given, so they commit together.

export type AuditEntry = {
  /** null for the command line (details.actor says who ran it). */
  operatorId: string | null;
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
