import { describe, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { POST as paymentSuccessMetadata } from "@/app/api/payment-success-metadata/route";
import { POST as updateSubscription } from "@/app/api/update-subscription/route";
import { getDb } from "@/lib/platform/server/db";
import { demoGateway } from "@/lib/payments/server/demo-gateway";
import { syncOrder } from "@/lib/payments/server/sync-order";
import type { DemoConfirmResult } from "@/lib/payments/server/demo-confirm";
import { expectRacesHold, type RaceMode } from "./race-harness";

// Confirm ∥ seat change ∥ claim ∥ sync on one unpaid subscription, demo gateway.
// RACE_SEED=<n> replays a run; RACE_ROUNDS raises the count.

const SEED = Number(process.env.RACE_SEED ?? 9_001);
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 200);

const demo: RaceMode = {
  routes: { createIntent, updateSubscription, paymentSuccess, paymentSuccessMetadata },
  gateway: demoGateway,
  async confirm(browser, intent, decline) {
    const number = decline ? "4000 0000 0000 0002" : "4242 4242 4242 4242";
    const res = await browser.call<DemoConfirmResult>(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: intent.clientSecret,
      card: { number, expiry: "12 / 40", cvc: "123" },
    });
    // The demo confirmation answers 200 with Stripe.js's result: the intent, or its error.
    const body = res.body;
    const outcome =
      res.status !== 200
        ? "unexpected"
        : "paymentIntent" in body
          ? "succeeded"
          : body.error.code === "card_declined"
            ? "declined"
            : body.error.code === "payment_intent_unexpected_state"
              ? "refused"
              : "unexpected";
    return { status: res.status, outcome, body };
  },
  // The demo has no webhooks; this is the work the webhook does, on the order as it is now.
  async webhook(ids) {
    const subscription = await getDb().subscription.findFirst({
      where: { providerSubscriptionId: { in: [...ids] } },
      include: { order: { include: { subscription: true } } },
    });
    if (subscription) await syncOrder(subscription.order, { forBuyer: false, failure: "sync failed" });
  },
  async paidAmounts(paymentIntentIds) {
    const paid = await getDb().demoPaymentIntent.findMany({
      where: { id: { in: paymentIntentIds }, status: "succeeded" },
    });
    return new Map(paid.map((intent) => [intent.id, intent.amount]));
  },
};

describe("randomized interleavings, demo gateway", () => {
  it(`loses no payment and fulfils none twice over ${ROUNDS} rounds (seed ${SEED})`, { timeout: 300_000 }, async () => {
    await expectRacesHold("demo", demo, SEED, ROUNDS);
  });
});
