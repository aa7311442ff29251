import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { addOneMonth } from "@/lib/payments/shared/billing-period";
import { demoPurchase } from "../console/purchase";
import { subscriptionRecord } from "./helpers";

// The demo gateway bills one period only: a demo subscription keeps the one payment intent that
// activated it, and its period end is that payment's time plus a month. Nothing in it reaches a
// second period (no clock to advance, no later invoice, no past_due), so this pins what holds
// when the first period has run out; the Stripe tests (renewal-stripe.test.ts) bill the second.

describe("demo gateway: a seat subscription past its first period", () => {
  it("bills nothing more, keeps the first period's end and issues nothing again", async () => {
    const db = getDb();
    const purchase = await demoPurchase("team-training-seat", 3);
    const first = await subscriptionRecord(purchase.orderId);
    const paidAt = (await db.demoPaymentIntent.findUniqueOrThrow({ where: { id: purchase.paymentIntentId } }))
      .updatedAt;
    expect(first).toMatchObject({
      status: "SUCCEEDED",
      subscription: { status: "active", quantity: 3, currentPeriodEnd: addOneMonth(paidAt) },
      emails: 1,
      tokens: 1,
    });

    // A month and a day on: the payment and the hand-off token are that old.
    const monthAgo = new Date(Date.now() - 32 * 24 * 3600 * 1000);
    await db.$executeRaw`UPDATE demo_payment_intents SET updated_at = ${monthAgo} WHERE id = ${purchase.paymentIntentId}`;
    await db.handoffToken.updateMany({ where: { orderId: purchase.orderId }, data: { expiresAt: monthAgo } });

    const claimed = await purchase.claim();
    expect(claimed.status).toBe(200);
    const later = await subscriptionRecord(purchase.orderId);
    // The period end is read from the activating payment: it is now in the past, still "active".
    expect(later).toEqual({
      ...first,
      tokens: 2,
      subscription: { ...first.subscription, currentPeriodEnd: addOneMonth(monthAgo) },
    });
    expect(later.subscription?.currentPeriodEnd?.getTime()).toBeLessThan(Date.now());
    const intents = await db.demoPaymentIntent.count({ where: { subscriptionId: purchase.subscriptionId } });
    expect(intents).toBe(1);
    await purchase.claim();
    expect(await subscriptionRecord(purchase.orderId)).toEqual({ ...later, tokens: 2 });
  });
});
