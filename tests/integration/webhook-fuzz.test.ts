import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeDouble, type StripeDouble } from "../doubles/stripe-api";

// The Stripe webhook in Stripe mode, fuzzed (issue 9): unsigned and wrongly signed deliveries,
// bodies that are not JSON, and correctly signed events of every handled type (and unknown ones)
// whose ids and objects carry NUL, unpaired surrogates, huge numbers and wrong types. Never a
// 5xx for what Stripe could send us about an order we do not have, never a 4xx to a signed event
// (Stripe would retry it for days), and every error is { error: { code, message } }.

const WEBHOOK_SECRET = "whsec_fuzz_test_secret_0123456789";
const signer = new Stripe("sk_test_signer");
let double: StripeDouble;
let webhook: (request: Request) => Promise<Response>;
const tally = { requests: 0, fiveHundreds: 0 };

beforeAll(async () => {
  double = await startStripeDouble();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_double",
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_double",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: double.url,
  });
  webhook = (await import("@/app/api/stripe/webhook/route")).POST;
});

afterAll(async () => {
  console.log(`[webhook-fuzz] ${tally.requests} requests, ${tally.fiveHundreds} answers ≥ 500`);
  await double.close();
  for (const key of [
    "STRIPE_SECRET_KEY",
    "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_API_BASE",
  ]) {
    delete process.env[key];
  }
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
const type = fc.constantFrom(
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
  "customer.created",
  "\u0000",
);
const object = fc.record(
  {
    id: fc.oneof(nasty, fc.constantFrom("pi_123", "sub_123")),
    object: fc.oneof(fc.constantFrom("payment_intent", "charge", "invoice", "subscription", "customer"), nasty),
    payment_intent: fc.oneof(nasty, value),
    parent: fc.oneof(value, fc.record({ subscription_details: fc.record({ subscription: fc.oneof(nasty, value) }) })),
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

type Delivery = { payload: string; isEvent: boolean; signature: "valid" | "wrong" | "none" | "garbage" };
const delivery: fc.Arbitrary<Delivery> = fc
  .record({
    payload: fc.oneof(
      { weight: 6, arbitrary: event.map((e) => JSON.stringify(e)) },
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
  }, 240_000);
});
