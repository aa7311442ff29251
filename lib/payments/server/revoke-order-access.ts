import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";

// What an order's access is: its issued account (and the seats on it) and its handoff tokens. A full
// refund and a subscription ended unpaid revoke them alike; only an unpaid end gives them back.

type Tx = Pick<Prisma.TransactionClient, "issuedAccount" | "handoffToken">;

export async function revokeOrderAccess(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx.issuedAccount.updateMany({ where: { orderId, revokedAt: null }, data: { revokedAt: at } });
  await tx.handoffToken.updateMany({ where: { orderId, revokedAt: null }, data: { revokedAt: at } });
}

/**
 * Gives back the account revoked at `revokedAt`, and nothing another cause revoked later. Handoff
 * tokens stay revoked: they last minutes, and the buyer's next visit is issued a fresh one.
 */
export async function restoreOrderAccess(tx: Tx, orderId: string, revokedAt: Date): Promise<boolean> {
  const { count } = await tx.issuedAccount.updateMany({ where: { orderId, revokedAt }, data: { revokedAt: null } });
  return count > 0;
}
