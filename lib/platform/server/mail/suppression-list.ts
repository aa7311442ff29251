import "server-only";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";
import { getDb } from "@/lib/platform/server/db";
import type { SuppressionReason } from "@/lib/generated/prisma/client";

// Idempotent; the first entry's reason and date stay.

export async function suppressHash(hash: string, reason: SuppressionReason): Promise<boolean> {
  const { count } = await getDb().emailSuppression.createMany({
    data: [{ addressHash: hash, reason }],
    skipDuplicates: true,
  });
  return count > 0;
}

export async function suppressAddress(address: string, reason: SuppressionReason): Promise<boolean> {
  return suppressHash(addressHash(address), reason);
}

export async function isHashSuppressed(hash: string): Promise<boolean> {
  return (await getDb().emailSuppression.count({ where: { addressHash: hash } })) > 0;
}

export async function isSuppressed(address: string): Promise<boolean> {
  return isHashSuppressed(addressHash(address));
}
