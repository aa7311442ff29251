import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { payOverdueDemoInvoices } from "@/lib/payments/server/pay-overdue-demo-invoice";
import { replaceDemoCard } from "@/lib/payments/server/replace-demo-card";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { verifyCardUpdate } from "@/lib/billing/server/card-update-link";
import { ownedSubscription } from "@/lib/billing/server/owned-subscription";
import { recordBuyerChange, type BuyerActor } from "@/lib/billing/server/record-buyer-change";
import { recoverDunningCases, restoreEndedAccess } from "@/lib/billing/server/close-dunning-cases";
import { dunningNow } from "@/lib/billing/server/sweep-dunning";

// The buyer's new card for one subscription, from the signed-in page or a dunning e-mail's link
// (which names its one subscription, so the body cannot name another). A failed renewal still
// unpaid is paid with the new card at once.

const card = z.strictObject({ number: z.string().max(32), expiry: z.string().max(16), cvc: z.string().max(8) });
export const sessionCardSchema = z.strictObject({ subscriptionId: z.uuid(), card });
export const linkCardSchema = z.strictObject({ token: z.string().min(1).max(300), card });

export type CardUpdated = { last4: string; status: string; overduePaid: boolean; overdueDeclined: boolean };

const LIVE = new Set(["active", "past_due"]);

async function updateCard(
  subscriptionId: string,
  input: z.infer<typeof card>,
  actor: BuyerActor,
): Promise<CardUpdated> {
  const db = getDb();
  const subscription = await db.subscription.findUniqueOrThrow({
    where: { id: subscriptionId },
    include: { order: true },
  });
  if (!LIVE.has(subscription.status)) throw new ApiError("card_update_unavailable");
  if (subscription.order.gateway !== "demo") throw new ApiError("card_update_unavailable");
  const { last4 } = await replaceDemoCard(subscription.providerSubscriptionId, input);
  const overdue = await payOverdueDemoInvoices(subscription.providerSubscriptionId);
  if (overdue.paid > 0) {
    // The case closes now rather than at the next sweep, and an access it paused comes back with it.
    const now = await dunningNow();
    await recoverDunningCases(now, subscription.id);
    await restoreEndedAccess(now, subscription.id);
  }
  const changed = await db.$transaction(async (tx) => {
    const row = await tx.subscription.findUniqueOrThrow({ where: { id: subscription.id }, include: { order: true } });
    await recordBuyerChange(tx, row, { kind: "card" }, actor, randomUUID());
    return row;
  }, SHORT_TX);
  return { last4, status: changed.status, overduePaid: overdue.paid > 0, overdueDeclined: overdue.declined };
}

export async function updateCardSignedIn(email: string, input: z.infer<typeof sessionCardSchema>) {
  const subscription = await ownedSubscription(email, input.subscriptionId);
  return updateCard(subscription.id, input.card, { email, via: "session" });
}

/** The link's holder is whoever bought the subscription: the audit names the order's address. */
export async function updateCardByLink(input: z.infer<typeof linkCardSchema>, now = new Date()) {
  const claim = verifyCardUpdate(input.token, now);
  if (!claim) throw new ApiError("card_link_invalid");
  const subscription = await getDb().subscription.findUnique({
    where: { id: claim.subscriptionId },
    include: { order: true },
  });
  if (!subscription) throw new ApiError("card_link_invalid");
  return updateCard(subscription.id, input.card, { email: subscription.order.email, via: "card_link" });
}
