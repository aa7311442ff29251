import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OffSessionChargeInput, PaymentGateway, SavedCard } from "@/lib/payments/server/gateway";
import type { StripeDouble } from "../../doubles/stripe-api";
import { enterStripeMode, type StripeMode } from "../../doubles/stripe-mode";

// Stripe mode's saved cards through stripe-node and the Stripe API double: a Customer and
// setup_future_usage on the first PaymentIntent, off-session charges with the test cards'
// behaviours, and the page's confirmation of an authentication_required charge as Stripe.js does it.

let stripeMode: StripeMode;
let double: StripeDouble;
let gateway: PaymentGateway;

beforeAll(async () => {
  stripeMode = await enterStripeMode("whsec_saved_cards_test_secret_0123456789");
  double = stripeMode.double;
  ({ stripeGateway: gateway } = await import("@/lib/payments/server/stripe-gateway"));
});

afterAll(() => stripeMode.leave());

type Wire = { status: number; body: Record<string, unknown> & { error?: Record<string, unknown> } };

/** A call as Stripe.js makes it: the publishable key, and the client secret as the credential. */
async function stripeJs(path: string, params: Record<string, string>): Promise<Wire> {
  const response = await fetch(`${double.url}/v1${path}`, {
    method: "POST",
    headers: { authorization: "Bearer pk_test_double", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, body: (await response.json()) as Wire["body"] };
}

const confirm = (clientSecret: string, paymentMethod: string) =>
  stripeJs(`/payment_intents/${clientSecret.split("_secret_")[0]}/confirm`, {
    client_secret: clientSecret,
    payment_method: paymentMethod,
  });

/** The 3-D Secure source of an intent waiting for its challenge. */
function challengeSource(intent: Wire["body"]): string {
  const next = intent.next_action as { use_stripe_sdk: { source: string } } | null;
  if (!next) throw new Error(`no challenge: ${String(intent.status)}`);
  return next.use_stripe_sdk.source;
}

async function firstPayment(token: string, saveCard = true) {
  const created = await gateway.createPayment({
    orderId: randomUUID(),
    amount: 700,
    currency: "usd",
    description: "Fast Forward (book)",
    email: "ada@example.com",
    name: "Ada Lovelace",
    idempotencyKey: `first:${randomUUID()}`,
    metadata: {},
    saveCard,
  });
  const confirmed = await confirm(created.clientSecret, token);
  expect(confirmed.status).toBe(200);
  if (confirmed.body.status === "requires_action") {
    const done = await stripeJs("/3ds2/challenge_complete", {
      source: challengeSource(confirmed.body),
      outcome: "complete",
    });
    expect(done.status).toBe(200);
  }
  return created;
}

async function savedCardOf(token: string): Promise<SavedCard> {
  const saved = await gateway.savedCard((await firstPayment(token)).paymentIntentId);
  if (!saved) throw new Error("no card was saved");
  return saved;
}

const charge = (saved: SavedCard): OffSessionChargeInput => ({
  orderId: randomUUID(),
  amount: 49_700,
  currency: "usd",
  description: "AI Step by Step (course)",
  card: saved,
  idempotencyKey: `offer:${randomUUID()}`,
  metadata: { offer: "course" },
});

describe("Stripe gateway: saved cards", () => {
  it("creates a Customer and passes setup_future_usage; the succeeded payment's card is attached to it", async () => {
    const created = await firstPayment("pm_card_visa");
    const intent = double.get(created.paymentIntentId)!;
    expect(intent.setup_future_usage).toBe("off_session");
    const customer = double.get(String(intent.customer))!;
    expect(customer).toMatchObject({ object: "customer", email: "ada@example.com", name: "Ada Lovelace" });
    const saved = await gateway.savedCard(created.paymentIntentId);
    expect(saved).toEqual({ customerId: customer.id, paymentMethodId: intent.payment_method });
    expect(double.get(saved!.paymentMethodId)).toMatchObject({ customer: customer.id, card: { last4: "4242" } });
    expect(double.events.map((e) => e.type)).toContain("payment_method.attached");
  });

  it("saves nothing without saveCard, nor before the payment succeeded", async () => {
    const plain = await firstPayment("pm_card_visa", false);
    expect(double.get(plain.paymentIntentId)!.customer).toBeNull();
    expect(await gateway.savedCard(plain.paymentIntentId)).toBeNull();
    const unpaid = await gateway.createPayment({
      orderId: randomUUID(),
      amount: 700,
      currency: "usd",
      description: "book",
      email: "ada@example.com",
      idempotencyKey: `first:${randomUUID()}`,
      metadata: {},
      saveCard: true,
    });
    expect(await gateway.savedCard(unpaid.paymentIntentId)).toBeNull();
  });

  it("one Customer for one checkout key, however often it is retried", async () => {
    const input = {
      orderId: randomUUID(),
      amount: 700,
      currency: "usd",
      description: "book",
      email: "grace@example.com",
      name: "Grace Hopper",
      idempotencyKey: `first:${randomUUID()}`,
      metadata: {},
      saveCard: true,
    };
    const results = await Promise.all(Array.from({ length: 4 }, () => gateway.createPayment(input)));
    expect(new Set(results.map((r) => r.paymentIntentId)).size).toBe(1);
    const customers = double.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/customers" && r.idempotencyKey?.startsWith(input.idempotencyKey),
    );
    expect(new Set(customers.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it("charges a saved 4242 off-session at once", async () => {
    const saved = await savedCardOf("pm_card_visa");
    const result = await gateway.chargeSavedCard(charge(saved));
    expect(result.outcome).toBe("succeeded");
    const intent = double.get(result.paymentIntentId!)!;
    expect(intent).toMatchObject({ status: "succeeded", amount: 49_700, customer: saved.customerId });
    expect(await gateway.retrievePayment(result.paymentIntentId!)).toMatchObject({ amountPaid: 49_700 });
  });

  it("3184: authentication_required becomes requires_action; the page confirms it through 3-D Secure", async () => {
    const saved = await savedCardOf("pm_card_authenticationRequired");
    const result = await gateway.chargeSavedCard(charge(saved));
    if (result.outcome !== "requires_action") throw new Error(`expected requires_action, got ${result.outcome}`);
    expect(result.paymentMethodId).toBe(saved.paymentMethodId);
    expect(double.get(result.paymentIntentId)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "authentication_required" },
    });

    const failedChallenge = await confirm(result.clientSecret, result.paymentMethodId);
    expect(failedChallenge.body.status).toBe("requires_action");
    await stripeJs("/3ds2/challenge_complete", { source: challengeSource(failedChallenge.body), outcome: "fail" });
    expect(double.get(result.paymentIntentId)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "payment_intent_authentication_failure" },
    });

    const asked = await confirm(result.clientSecret, result.paymentMethodId);
    await stripeJs("/3ds2/challenge_complete", { source: challengeSource(asked.body), outcome: "complete" });
    expect(await gateway.retrievePayment(result.paymentIntentId)).toMatchObject({
      status: "succeeded",
      amountPaid: 49_700,
    });
    const types = double.events.filter((e) => e.data.object.id === result.paymentIntentId).map((e) => e.type);
    expect(types).toEqual([
      "payment_intent.payment_failed",
      "payment_intent.requires_action",
      "payment_intent.payment_failed",
      "payment_intent.requires_action",
      "payment_intent.succeeded",
    ]);
  });

  it("a saved card confirms only an intent of its own customer", async () => {
    const mine = await savedCardOf("pm_card_authenticationRequired");
    const other = await savedCardOf("pm_card_visa");
    const result = await gateway.chargeSavedCard(charge(mine));
    if (result.outcome !== "requires_action") throw new Error("expected requires_action");
    const foreign = await confirm(result.clientSecret, other.paymentMethodId);
    expect(foreign.status).toBe(400);
    expect(double.get(result.paymentIntentId)!.status).toBe("requires_payment_method");
  });

  it("0341: the first payment saves it, every later off-session charge is declined", async () => {
    const saved = await savedCardOf("pm_card_chargeCustomerFail");
    const result = await gateway.chargeSavedCard(charge(saved));
    expect(result).toMatchObject({ outcome: "declined", code: "card_declined", message: "Your card was declined." });
    expect(double.get(result.paymentIntentId!)!.status).toBe("requires_payment_method");
    const onPage = await confirm(String(double.get(result.paymentIntentId!)!.client_secret), saved.paymentMethodId);
    expect(onPage.status).toBe(402);
  });

  it("one key, one charge: repeated and concurrent calls get the first answer, other parameters are refused", async () => {
    const saved = await savedCardOf("pm_card_visa");
    const input = charge(saved);
    const results = await Promise.all(Array.from({ length: 6 }, () => gateway.chargeSavedCard(input)));
    expect(new Set(results.map((r) => r.paymentIntentId)).size).toBe(1);
    expect(results.every((r) => r.outcome === "succeeded")).toBe(true);
    expect(await gateway.chargeSavedCard(input)).toEqual(results[0]);
    const charged = double.events.filter(
      (e) => e.type === "payment_intent.succeeded" && e.data.object.customer === saved.customerId,
    );
    expect(charged).toHaveLength(2); // the first payment and one off-session charge
    await expect(gateway.chargeSavedCard({ ...input, amount: 100 })).rejects.toThrow(/same parameters/);

    const asking = charge(await savedCardOf("pm_card_authenticationRequired"));
    const answers = await Promise.all(Array.from({ length: 4 }, () => gateway.chargeSavedCard(asking)));
    expect(new Set(answers.map((a) => a.paymentIntentId)).size).toBe(1);
    expect(answers.every((a) => a.outcome === "requires_action")).toBe(true);
  });
});
