import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { viaGateway } from "@/lib/payments/server/gateway";
import { reloadOrder } from "@/lib/payments/server/checkout-order";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { applyCardSetup, createCardSetup } from "@/lib/payments/server/stripe-card-update";
import { syncStripeRenewal } from "@/lib/payments/server/stripe-renewals";
import { syncOrder } from "@/lib/payments/server/sync-order";
import { verifyCardUpdate } from "@/lib/billing/server/card-update-link";
import { ownedSubscription } from "@/lib/billing/server/owned-subscription";
import { recordBuyerChange, type BuyerActor } from "@/lib/billing/server/record-buyer-change";
import type { CardUpdated } from "@/lib/billing/server/update-buyer-card";

// A Stripe subscription's new card (docs/decisions/0045): the page gets a SetupIntent for the
// subscription its session or link names, confirms it with Stripe.js, and hands back only the
// SetupIntent's id; which subscription it is for is the session's or the link's, never the body's.

const setupIntentId = z.string().regex(/^seti_[A-Za-z0-9]{1,64}$/);
export const sessionSetupSchema = z.strictObject({ subscriptionId: z.uuid() });
export const linkSetupSchema = z.strictObject({ token: z.string().min(1).max(300) });
export const sessionSetupDoneSchema = z.strictObject({ subscriptionId: z.uuid(), setupIntentId });
export const linkSetupDoneSchema = z.strictObject({ token: z.string().min(1).max(300), setupIntentId });

const LIVE = new Set(["active", "past_due"]);
const FAILURE = "Stripe could not be reached. Please try again.";

type Target = { id: string; orderId: string; providerSubscriptionId: string; order: { email: string } };

async function stripeTarget(subscriptionId: string): Promise<Target> {
  const row = await getDb().subscription.findUniqueOrThrow({ where: { id: subscriptionId }, include: { order: true } });
  if (!LIVE.has(row.status) || row.order.gateway !== "stripe") throw new ApiError("card_update_unavailable");
  return row;
}

async function linkTarget(token: string, now: Date): Promise<Target> {
  const claim = verifyCardUpdate(token, now);
  const row = claim ? await getDb().subscription.findUnique({ where: { id: claim.subscriptionId } }) : null;
  if (!row) throw new ApiError("card_link_invalid");
  return stripeTarget(row.id);
}

async function startSetup(target: Target) {
  const setup = await viaGateway(
    () => createCardSetup(target.providerSubscriptionId, `${target.id}:card_setup:${randomUUID()}`),
    FAILURE,
  );
  return { clientSecret: setup.clientSecret };
}

async function finishSetup(target: Target, setupId: string, actor: BuyerActor): Promise<CardUpdated> {
  const applied = await viaGateway(() => applyCardSetup(target.providerSubscriptionId, setupId), FAILURE);
  // What the invoice.paid webhook does, done now so the buyer sees the outcome; the webhook later
  // re-reads the same state and changes nothing more.
  const order = await reloadOrder(target.orderId);
  await syncOrder(order, { forBuyer: false, failure: FAILURE });
  if (applied.overdue && order.subscription) await syncStripeRenewal(order.subscription, applied.overdue.invoiceId);
  const row = await getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM subscriptions WHERE id = ${target.id}::uuid FOR UPDATE`;
    const done = await tx.auditLog.findFirst({
      where: {
        action: "billing.card",
        targetId: target.orderId,
        details: { path: ["setupIntentId"], equals: setupId },
      },
      select: { id: true },
    });
    const current = await tx.subscription.findUniqueOrThrow({ where: { id: target.id }, include: { order: true } });
    if (!done) await recordBuyerChange(tx, current, { kind: "card" }, { ...actor, setupIntentId: setupId }, setupId);
    return current;
  }, SHORT_TX);
  return {
    last4: applied.card.last4 ?? "",
    status: row.status,
    overduePaid: applied.overdue?.paid === true,
    overdueDeclined: applied.overdue?.paid === false,
  };
}

export async function startCardSetupSignedIn(email: string, input: z.infer<typeof sessionSetupSchema>) {
  const owned = await ownedSubscription(email, input.subscriptionId);
  return startSetup(await stripeTarget(owned.id));
}

export async function startCardSetupByLink(input: z.infer<typeof linkSetupSchema>, now = new Date()) {
  return startSetup(await linkTarget(input.token, now));
}

export async function finishCardSetupSignedIn(email: string, input: z.infer<typeof sessionSetupDoneSchema>) {
  const owned = await ownedSubscription(email, input.subscriptionId);
  return finishSetup(await stripeTarget(owned.id), input.setupIntentId, { email, via: "session" });
}

/** The link's holder is whoever bought the subscription: the audit names the order's address. */
export async function finishCardSetupByLink(input: z.infer<typeof linkSetupDoneSchema>, now = new Date()) {
  const target = await linkTarget(input.token, now);
  return finishSetup(target, input.setupIntentId, { email: target.order.email, via: "card_link" });
}
