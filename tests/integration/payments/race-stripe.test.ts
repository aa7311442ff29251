import Stripe from "stripe";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type DoubleEvent, type StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode as StripeEnv } from "../../doubles/stripe-mode";
import { enterStripeCheckout, type PaymentRoutes } from "./helpers";
import { stripeGateway } from "@/lib/payments/server/stripe-gateway";
import { later, expectRacesHold, type ConfirmAnswer, type RaceMode } from "./race-harness";

// Confirm ∥ seat change ∥ claim ∥ webhook on one unpaid subscription, Stripe mode through
// stripe-node and the Stripe API double; the card confirms over HTTP as Stripe.js would, and the
// double's events are delivered signed, in a seeded random order. RACE_SEED / RACE_ROUNDS as in
// race-demo.test.ts.

const SEED = Number(process.env.RACE_SEED ?? 9_002);
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 200);
const WEBHOOK_SECRET = "whsec_race_test_secret_0123456789";
let double: StripeDouble;
let stripeEnv: StripeEnv;
let routes: PaymentRoutes;
let card: Stripe;

beforeAll(async () => {
  ({ stripeMode: stripeEnv, double, routes } = await enterStripeCheckout(WEBHOOK_SECRET));
  card = new Stripe("sk_test_card_holder", { host: "127.0.0.1", port: double.port, protocol: "http" });
});

afterAll(() => stripeEnv.leave());

/** The ids an event is about: the object, its PaymentIntent, its subscription. */
function subjects(event: DoubleEvent): string[] {
  const object = event.data.object as Record<string, unknown>;
  const parent = object.parent as { subscription_details?: { subscription?: string } } | undefined;
  const secret = (object.confirmation_secret as { client_secret?: string } | null | undefined)?.client_secret;
  return [
    object.id,
    typeof object.payment_intent === "string" ? object.payment_intent : "",
    parent?.subscription_details?.subscription ?? "",
    secret ? secret.slice(0, secret.indexOf("_secret_")) : "",
  ].filter((id): id is string => typeof id === "string" && id !== "");
}

async function deliver(event: DoubleEvent): Promise<void> {
  const status = await stripeEnv.deliver(event);
  if (status !== 200) throw new Error(`webhook ${event.type} answered ${status}`);
}

const stripeMode: RaceMode = {
  get routes() {
    return routes;
  },
  gateway: stripeGateway,
  async confirm(_browser, intent, decline, random) {
    const paymentMethod = decline ? "pm_card_visa_chargeDeclined" : "pm_card_visa";
    // What Stripe.js reports: the intent, a card error (the declined test card) or a refusal (an
    // intent already paid, or cancelled by a seat change). Anything else is unexpected.
    const pay = async (): Promise<ConfirmAnswer> => {
      try {
        const paid = await card.paymentIntents.confirm(intent.paymentIntentId, { payment_method: paymentMethod });
        return { status: 200, outcome: paid.status === "succeeded" ? "succeeded" : "unexpected", body: paid.status };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        const outcome =
          error instanceof Stripe.errors.StripeCardError
            ? "declined"
            : error.code === "payment_intent_unexpected_state"
              ? "refused"
              : "unexpected";
        return { status: error.statusCode ?? 0, outcome, body: { code: error.code, message: error.message } };
      }
    };
    if (random() < 0.5) return pay();
    // The adversarial order: hold the next read of this intent at Stripe (a seat change checking
    // it is unpaid, or a sync) and pay while that caller waits for the answer.
    const held = double.pauseNext("GET", `/v1/payment_intents/${intent.paymentIntentId}`);
    await Promise.race([held.reached, later(150)]);
    const answer = await pay();
    held.release();
    return answer;
  },
  async webhook(ids, random) {
    const events = double.events.filter((event) => subjects(event).some((id) => ids.has(id)));
    const shuffled = events.map((event) => ({ event, key: random() })).sort((a, b) => a.key - b.key);
    for (const { event } of shuffled) await deliver(event);
  },
  paidAmounts(paymentIntentIds) {
    const paid = new Map<string, number>();
    for (const id of paymentIntentIds) {
      const intent = double.get(id);
      if (intent?.status === "succeeded") paid.set(id, Number(intent.amount_received));
    }
    return Promise.resolve(paid);
  },
};

describe("randomized interleavings, Stripe through the API double", () => {
  it(`loses no payment and fulfils none twice over ${ROUNDS} rounds (seed ${SEED})`, { timeout: 300_000 }, async () => {
    await expectRacesHold("stripe", stripeMode, SEED, ROUNDS);
  });
});
