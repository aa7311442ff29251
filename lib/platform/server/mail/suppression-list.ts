import "server-only";
import { addressHash, addressHashes } from "@/lib/platform/server/mail/unsubscribe-keys";
import { getDb } from "@/lib/platform/server/db";
import type { SuppressionReason } from "@/lib/generated/prisma/client";

// Idempotent; the first entry's reason and date stay. A row may carry an older key's hash
// (docs/decisions/0019), so an address is looked up by every one.

export async function suppressHash(hash: string, reason: SuppressionReason): Promise<boolean> {
  const { count } = await getDb().emailSuppression.createMany({
    data: [{ addressHash: hash, reason }],
    skipDuplicates: true,
  });
  return count > 0;
}

export async function suppressAddress(address: string, reason: SuppressionReason): Promise<boolean> {
  if (await isSuppressed(address)) return false;
  return suppressHash(addressHash(address), reason);
}

export async function isHashSuppressed(hash: string): Promise<boolean> {
  return (await getDb().emailSuppression.count({ where: { addressHash: hash } })) > 0;
}

/** A match under an older hash only is copied under the current one, so the older key can go one day. */
export async function isSuppressed(address: string): Promise<boolean> {
  const [current, ...older] = addressHashes(address);
  const rows = await getDb().emailSuppression.findMany({ where: { addressHash: { in: [current!, ...older] } } });
  const [first] = rows;
  if (!first) return false;
  if (!rows.some((row) => row.addressHash === current)) {
    await getDb().emailSuppression.createMany({
      data: [{ addressHash: current!, reason: first.reason, createdAt: first.createdAt }],
      skipDuplicates: true,
    });
  }
  return true;
}
