import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { isUuid } from "@/lib/shared/uuid";

// A hand-off token's signature stays valid for its 15 minutes whatever happens to the order, so
// the contract-setup side asks here too: a full refund revokes the token and the issued account
// (issue 12 §4), and neither opens contract setup again.

export async function handoffRevoked(jti: string | undefined): Promise<boolean> {
  if (!jti || !isUuid(jti)) return true;
  const row = await getDb().handoffToken.findUnique({
    where: { jti },
    select: { revokedAt: true, order: { select: { account: { select: { revokedAt: true } } } } },
  });
  return !row || row.revokedAt !== null || (row.order.account?.revokedAt ?? null) !== null;
}
