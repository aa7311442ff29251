import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeDouble } from "../../doubles/stripe-api";
import { enterStripeMode, type StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer } from "@/tests/integration/payments/helpers";
import { HANDLED_EVENTS } from "@/lib/payments/server/stripe-webhook";

// The Stripe webhook in Stripe mode, fuzzed: unsigned and wrongly signed deliveries,
// bodies that are not JSON, and correctly signed events of every handled type (and unknown ones)
// whose ids and objects carry NUL, unpaired surrogates, huge numbers and wrong types. Never a
// 5xx for what Stripe could send us about an order we do not have, never a 4xx to a signed event
// (Stripe would retry it for days), and every error is { error: { code, message } }. Real
// orders (a book and a seat subscription) are seeded first and their ids mixed into the events,
// so signed events reach syncOrder and the gateway, not only the "no such order" path.

const WEBHOOK_SECRET = "whsec_fuzz_test_secret_0123456789";
const signer = new Stripe("sk_test_signer");
let double: StripeDouble;
let stripeMode: StripeMode;
let webhook: (request: Request) => Promise<Response>;
const tally = { requests: 0, fiveHundreds: 0 };
/** Ids of the seeded orders: payment intents and the subscription. */
const real = { intents: [] as string[], subscriptions: [] as string[] };

type Intent = { paymentIntentId: string; subscriptionId?: string };

beforeAll(async () => {
  stripeMode = await enterStripeMode(WEBHOOK_SECRET);
  double = stripeMode.double;
  webhook = (await import("@/app/api/stripe/webhook/route")).POST;
  const createIntent = (await import("@/app/api/create-payment-intent/route")).POST;
  for (const [product, quantity] of [
    ["fast-forward-book", 1],
    ["team-training-seat", 2],
  ] as const) {
    const created = await new Browser().call<Intent>(
      createIntent,
      "/api/create-payment-intent",
      buyer(product, quantity),
    );
    expect(created.status).toBe(200);
    real.intents.push(created.body.paymentIntentId);
    if (created.body.subscriptionId) real.subscriptions.push(created.body.subscriptionId);
  }
  expect(real.intents).toHaveLength(2);
  expect(real.subscriptions).toHaveLength(1);
});

afterAll(async () => {
  console.log(`[webhook-fuzz] ${tally.requests} requests, ${tally.fiveHundreds} answers ≥ 500`);
  await stripeMode.leave();
});

const nasty = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom("\u0000", "pi_\u0000", "\ud800", "sub_\udfff", "", "x".repeat(3000)),
);
const value = fc.oneof(
  nasty,
  fc.double(),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(1e308, 2 ** 53 + 2),
);
// Every type the webhook handles, one it ignores, and one no provider sends.
const type = fc.constantFrom(...HANDLED_EVENTS, "customer.created", "\u0000");
// Drawn lazily: the seeded ids exist only once beforeAll has run.
const realIntent = fc.constant(null).chain(() => fc.constantFrom(...real.intents));
const realSubscription = fc.constant(null).chain(() => fc.constantFrom(...real.subscriptions));
const object = fc.record(
  {
    id: fc.oneof(
      { weight: 3, arbitrary: fc.oneof(realIntent, realSubscription) },
      { weight: 2, arbitrary: nasty },
      { weight: 1, arbitrary: fc.constantFrom("pi_123", "sub_123") },
    ),
    object: fc.oneof(fc.constantFrom("payment_intent", "charge", "invoice", "subscription", "customer"), nasty),
    payment_intent: fc.oneof({ weight: 2, arbitrary: realIntent }, nasty, value),
    parent: fc.oneof(
      value,
      fc.record({ subscription_details: fc.record({ subscription: fc.oneof(realSubscription, nasty, value) }) }),
    ),
    amount: value,
  },
  { requiredKeys: ["id", "object"] },
);
const event = fc.record({
  id: fc.oneof(
    nasty,
    fc.uuid().map((u) => `evt_${u}`),
  ),
  object: fc.constant("event"),
  type,
  data: fc.record({ object }),
});

// Well-formed events about the seeded orders, one per way the webhook finds an order (by intent,
// by a charge's intent, by an invoice's or a subscription's id), so syncOrder runs on every run.
const seededObject = fc.oneof(
  realIntent.map((id) => ({ id, object: "payment_intent" })),
  realIntent.map((id) => ({ id: "ch_fuzz", object: "charge", payment_intent: id })),
  realSubscription.map((id) => ({
    id: "in_fuzz",
    object: "invoice",
    parent: { subscription_details: { subscription: id } },
  })),
  realSubscription.map((id) => ({ id, object: "subscription" })),
);
const typeFor: Record<string, string[]> = {
  payment_intent: ["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"],
  charge: ["charge.refunded"],
  invoice: ["invoice.paid", "invoice.payment_failed"],
  subscription: ["customer.subscription.updated", "customer.subscription.deleted"],
};
const seededEvent = seededObject.chain((object) =>
  fc.record({
    id: fc.uuid().map((u) => `evt_${u}`),
    object: fc.constant("event"),
    type: fc.constantFrom(...typeFor[object.object]!),
    data: fc.constant({ object }),
  }),
);

type Delivery = { payload: string; isEvent: boolean; signature: "valid" | "wrong" | "none" | "garbage" };
const delivery: fc.Arbitrary<Delivery> = fc
  .record({
    payload: fc.oneof(
      { weight: 6, arbitrary: event.map((e) => JSON.stringify(e)) },
      { weight: 2, arbitrary: seededEvent.map((e) => JSON.stringify(e)) },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 80 }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    ),
    isEvent: fc.constant(false),
    signature: fc.constantFrom("valid", "valid", "valid", "wrong", "none", "garbage"),
  })
  .map((d) => ({ ...d, isEvent: d.payload.startsWith('{"id":') }));

function request({ payload, signature }: Delivery): Request {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature === "valid")
    headers["stripe-signature"] = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  if (signature === "wrong")
    headers["stripe-signature"] = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" });
  if (signature === "garbage") headers["stripe-signature"] = "t=\u00ff,v1=\u0000";
  return new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", headers, body: payload });
}

describe("fuzzing POST /api/stripe/webhook in Stripe mode", () => {
  it("never answers ≥ 500, never refuses a signed event, and every error has the error body", async () => {
    // syncOrder re-reads the order from Stripe: calls naming the seeded ids prove events reach it.
    const syncCalls = () =>
      double.requests.filter(
        (r) => r.method === "GET" && [...real.intents, ...real.subscriptions].some((id) => r.path.endsWith(`/${id}`)),
      ).length;
    const before = syncCalls();
    await fc.assert(
      fc.asyncProperty(delivery, async (sent) => {
        let response: Response;
        try {
          response = await webhook(request(sent));
        } catch (error) {
          // A header value the Fetch API itself refuses never reaches a server.
          if (error instanceof TypeError && sent.signature === "garbage") return;
          throw error;
        }
        tally.requests += 1;
        if (response.status >= 500) tally.fiveHundreds += 1;
        expect(response.status).toBeLessThan(500);
        // A signed event is acknowledged even when it names nothing we have; a signed body that
        // is not an event at all is something Stripe never sends.
        if (sent.signature === "valid" && sent.isEvent) expect(response.status).toBe(200);
        if (response.status >= 400) {
          const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
          expect(typeof body.error?.code).toBe("string");
          expect(typeof body.error?.message).toBe("string");
        }
      }),
      { numRuns: 300 },
    );
    const reached = syncCalls() - before;
    console.log(`[webhook-fuzz] ${reached} gateway reads of seeded orders (syncOrder reached)`);
    expect(reached).toBeGreaterThanOrEqual(10);
  }, 240_000);
});

describe("POST /api/stripe/webhook body reading", () => {
  const streamed = (body: ReadableStream<Uint8Array>) => {
    // Node requires `duplex` for a streamed body; the DOM typings do not know it yet.
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      body,
      duplex: "half",
    };
    return new Request("http://localhost:3000/api/stripe/webhook", init);
  };

  it("answers 400 (not a 500) when the client hangs up mid-body", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const response = await webhook(streamed(body));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("body_unreadable");
  });

  it("stops reading a chunked body with no Content-Length at the cap (413)", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    // Endless: a reader that waits for the end never answers.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await webhook(streamed(body));
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(20);
  });
});
