import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { isUuid } from "@/lib/shared/uuid";

// The token's signature stays valid whatever happens to the order, so the contract-setup side asks here too.

export async function handoffRevoked(jti: string | undefined): Promise<boolean> {
  if (!jti || !isUuid(jti)) return true;
  const row = await getDb().handoffToken.findUnique({
    where: { jti },
    select: { revokedAt: true, order: { select: { account: { select: { revokedAt: true } } } } },
  });
  return !row || row.revokedAt !== null || (row.order.account?.revokedAt ?? null) !== null;
}
