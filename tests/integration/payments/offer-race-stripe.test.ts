import Stripe from "stripe";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode as StripeEnv } from "../../doubles/stripe-mode";
import { getDb } from "@/lib/platform/server/db";
import { enterStripeCheckout } from "./helpers";
import {
  AUTH_CARD,
  DECLINED_LATER_CARD,
  expectOfferRacesHold,
  type OfferRaceMode,
  type OfferRoutes,
} from "./offer-race-harness";

// Accept ∥ accept ∥ reload ∥ decline ∥ another browser ∥ webhook on one post-purchase offer,
// Stripe mode through stripe-node and the Stripe API double: the page's confirmations go over
// HTTP as Stripe.js sends them, the 3-D Secure challenge is completed as its test page does, and
// the double's events are delivered signed, in a seeded random order. RACE_SEED / RACE_ROUNDS as
// in offer-race-demo.test.ts.

const SEED = Number(process.env.RACE_SEED ?? 9_102);
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 200);
const WEBHOOK_SECRET = "whsec_offer_race_secret_0123456789";
const TOKENS: Record<string, string> = {
  [AUTH_CARD]: "pm_card_authenticationRequired",
  [DECLINED_LATER_CARD]: "pm_card_chargeCustomerFail",
};
let double: StripeDouble;
let stripeEnv: StripeEnv;
let routes: OfferRoutes;
let page: Stripe;

beforeAll(async () => {
  const entered = await enterStripeCheckout(WEBHOOK_SECRET);
  ({ stripeMode: stripeEnv, double } = entered);
  routes = {
    createIntent: entered.routes.createIntent,
    paymentSuccess: entered.routes.paymentSuccess,
    nextOffer: (await import("@/app/api/next-offer/route")).POST,
    accept: (await import("@/app/api/next-offer/accept/route")).POST,
    decline: (await import("@/app/api/next-offer/decline/route")).POST,
  };
  page = new Stripe("sk_test_card_holder", { host: "127.0.0.1", port: double.port, protocol: "http" });
});

afterAll(() => stripeEnv.leave());

type Obj = Record<string, unknown>;
const objectOf = (event: { data: { object: unknown } }) => event.data.object as Obj;
const orderOf = (object: Obj) => (object.metadata as Record<string, string> | undefined)?.order_id;

/** Confirms as Stripe.js does, completing a 3-D Secure challenge as the card holder would. */
async function confirm(paymentIntentId: string, paymentMethod: string): Promise<void> {
  try {
    const intent = await page.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod });
    if (intent.status === "requires_action") double.authenticate(paymentIntentId);
  } catch (error) {
    // An intent paid or cancelled meanwhile (another tab, a No thanks): Stripe.js reports it as an error too.
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
  }
}

const intentOf = (clientSecret: string) => clientSecret.slice(0, clientSecret.indexOf("_secret_"));

const stripeMode: OfferRaceMode = {
  get routes() {
    return routes;
  },
  async payFirst(_browser, intent, number) {
    await confirm(intent.paymentIntentId, TOKENS[number] ?? "pm_card_visa");
  },
  async authenticate(_browser, answer) {
    await confirm(intentOf(answer.clientSecret), answer.paymentMethodId);
  },
  async payCardForm(_browser, clientSecret) {
    await confirm(intentOf(clientSecret), "pm_card_visa");
  },
  async webhook(orderIds, random) {
    const ids = new Set(orderIds);
    const recorded = await getDb().order.findMany({
      where: { id: { in: orderIds } },
      select: { providerPaymentId: true },
    });
    const intents = new Set(recorded.map((o) => o.providerPaymentId));
    const events = double.events.filter((event) => {
      const object = objectOf(event);
      return (
        ids.has(orderOf(object) ?? "") || intents.has(String(object.id)) || intents.has(String(object.payment_intent))
      );
    });
    const shuffled = events.map((event) => ({ event, key: random() })).sort((a, b) => a.key - b.key);
    for (const { event } of shuffled) {
      const status = await stripeEnv.deliver(event);
      if (status !== 200) throw new Error(`webhook ${event.type} answered ${status}`);
    }
  },
  paidByOrder(orderIds) {
    const ids = new Set(orderIds);
    const paid = new Map<string, number[]>();
    const seen = new Set<string>();
    for (const event of double.events) {
      const object = objectOf(event);
      const orderId = orderOf(object);
      if (event.type !== "payment_intent.succeeded" || !orderId || !ids.has(orderId) || seen.has(String(object.id)))
        continue;
      seen.add(String(object.id));
      const intent = double.get(String(object.id));
      if (intent?.status === "succeeded")
        paid.set(orderId, [...(paid.get(orderId) ?? []), Number(intent.amount_received)]);
    }
    return Promise.resolve(paid);
  },
};

describe("randomized interleavings of a one-click offer, Stripe through the API double", () => {
  it(
    `charges no offer twice and leaves none charged but unfulfilled over ${ROUNDS} rounds (seed ${SEED})`,
    { timeout: 900_000 },
    async () => {
      await expectOfferRacesHold("stripe", stripeMode, SEED, ROUNDS);
    },
  );
});
