import { describe, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as nextOffer } from "@/app/api/next-offer/route";
import { POST as accept } from "@/app/api/next-offer/accept/route";
import { POST as decline } from "@/app/api/next-offer/decline/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { getDb } from "@/lib/platform/server/db";
import { syncOrder } from "@/lib/payments/server/sync-order";
import { withSubscription } from "@/lib/payments/server/checkout-order";
import { expectOfferRacesHold, GOOD_CARD, type OfferRaceMode } from "./offer-race-harness";

// Accept ∥ accept ∥ reload ∥ decline ∥ another browser ∥ sync on one post-purchase offer, demo
// gateway. RACE_SEED=<n> replays a run; RACE_ROUNDS raises the count.

const SEED = Number(process.env.RACE_SEED ?? 9_101);
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 200);

const card = (number: string) => ({ number, expiry: "12 / 40", cvc: "123" });

const demo: OfferRaceMode = {
  routes: { createIntent, nextOffer, accept, decline, paymentSuccess },
  async payFirst(browser, intent, number) {
    await browser.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: intent.clientSecret,
      card: card(number),
    });
  },
  async authenticate(browser, answer) {
    await browser.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: answer.clientSecret,
      paymentMethod: answer.paymentMethodId,
      authenticated: true,
    });
  },
  async payCardForm(browser, clientSecret) {
    await browser.call(confirmDemo, "/api/demo-payments/confirm", { clientSecret, card: card(GOOD_CARD) });
  },
  // The demo has no webhooks; this is the work the webhook does, on the orders as they are now.
  async webhook(orderIds) {
    const orders = await getDb().order.findMany({
      where: { id: { in: orderIds }, providerPaymentId: { not: null } },
      include: withSubscription,
    });
    for (const order of orders) await syncOrder(order, { forBuyer: false, failure: "sync failed" });
  },
  async paidByOrder(orderIds) {
    const rows = await getDb().$queryRaw<{ order_id: string; amount: number }[]>`
      SELECT metadata->>'order_id' AS order_id, amount FROM demo_payment_intents
      WHERE status = 'succeeded' AND metadata->>'order_id' = ANY(${orderIds})`;
    const paid = new Map<string, number[]>();
    for (const row of rows) paid.set(row.order_id, [...(paid.get(row.order_id) ?? []), row.amount]);
    return paid;
  },
};

describe("randomized interleavings of a one-click offer, demo gateway", () => {
  it(
    `charges no offer twice and leaves none charged but unfulfilled over ${ROUNDS} rounds (seed ${SEED})`,
    { timeout: 600_000 },
    async () => {
      await expectOfferRacesHold("demo", demo, SEED, ROUNDS);
    },
  );
});
