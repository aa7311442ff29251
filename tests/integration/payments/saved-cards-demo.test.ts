import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { getDb } from "@/lib/platform/server/db";
import { demoGateway } from "@/lib/payments/server/demo-gateway";
import type { OffSessionChargeInput, SavedCard } from "@/lib/payments/server/gateway";
import { DEMO_CARDS } from "@/lib/payments/shared/demo-cards";
import { Browser } from "./helpers";

// The demo gateway's saved cards: a first payment made with saveCard keeps the card, later charges
// on it are decided at once with the test cards' conventions, and a key never charges twice.

const card = (number: string) => ({ number, expiry: "12 / 40", cvc: "123" });

async function firstPayment(number: string, saveCard = true) {
  const created = await demoGateway.createPayment({
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
  const browser = new Browser();
  const confirmed = await browser.call(confirmDemo, "/api/demo-payments/confirm", {
    clientSecret: created.clientSecret,
    card: card(number),
  });
  expect(confirmed.body).toEqual({ paymentIntent: { id: created.paymentIntentId, status: "succeeded" } });
  return created;
}

async function savedCardOf(number: string): Promise<SavedCard> {
  const { paymentIntentId } = await firstPayment(number);
  const saved = await demoGateway.savedCard(paymentIntentId);
  if (!saved) throw new Error("no card was saved");
  return saved;
}

const charge = (saved: SavedCard, key = randomUUID()): OffSessionChargeInput => ({
  orderId: randomUUID(),
  amount: 49_700,
  currency: "usd",
  description: "AI Step by Step (course)",
  card: saved,
  idempotencyKey: `offer:${key}`,
  metadata: { offer: "course" },
});

/** The Stripe.js-shaped error code a confirmation answered, or null when it succeeded. */
const errorCode = (body: unknown) =>
  typeof body === "object" && body !== null && "error" in body ? (body.error as { code: string }).code : null;

const confirmSaved = (clientSecret: string, paymentMethod: string, authenticated: boolean) =>
  new Browser().call(confirmDemo, "/api/demo-payments/confirm", { clientSecret, paymentMethod, authenticated });

describe("demo gateway: saved cards", () => {
  it("saves the card of a succeeded first payment made with saveCard, and only then", async () => {
    const created = await demoGateway.createPayment({
      orderId: randomUUID(),
      amount: 700,
      currency: "usd",
      description: "book",
      email: "ada@example.com",
      name: "Ada Lovelace",
      idempotencyKey: `first:${randomUUID()}`,
      metadata: {},
      saveCard: true,
    });
    expect(await demoGateway.savedCard(created.paymentIntentId)).toBeNull();
    await confirmSaved(created.clientSecret, "pm_demo_00", true);
    await new Browser().call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: created.clientSecret,
      card: card(DEMO_CARDS.declined),
    });
    expect(await demoGateway.savedCard(created.paymentIntentId)).toBeNull();
    await new Browser().call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: created.clientSecret,
      card: card(DEMO_CARDS.success),
    });
    const saved = await demoGateway.savedCard(created.paymentIntentId);
    expect(saved?.customerId).toMatch(/^cus_demo_/);
    expect(saved?.paymentMethodId).toMatch(/^pm_demo_/);
    const method = await getDb().demoPaymentMethod.findUniqueOrThrow({ where: { id: saved!.paymentMethodId } });
    expect(method).toMatchObject({ customerId: saved!.customerId, last4: "4242", offSession: "succeeded" });
    const customer = await getDb().demoCustomer.findUniqueOrThrow({ where: { id: saved!.customerId } });
    expect(customer).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace" });
  });

  it("saves nothing without saveCard", async () => {
    const { paymentIntentId } = await firstPayment(DEMO_CARDS.success, false);
    expect(await demoGateway.savedCard(paymentIntentId)).toBeNull();
    expect(await demoGateway.savedCard("pi_demo_unknown")).toBeNull();
  });

  it("the same first-payment key gives one intent and one customer, also at once", async () => {
    const input = {
      orderId: randomUUID(),
      amount: 700,
      currency: "usd",
      description: "book",
      email: "grace@example.com",
      idempotencyKey: `first:${randomUUID()}`,
      metadata: {},
      saveCard: true,
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => demoGateway.createPayment(input)));
    expect(new Set(results.map((r) => r.paymentIntentId)).size).toBe(1);
    const intent = await getDb().demoPaymentIntent.findUniqueOrThrow({ where: { id: results[0]!.paymentIntentId } });
    expect(await getDb().demoCustomer.count({ where: { email: "grace@example.com" } })).toBe(1);
    expect(intent.setupFutureUsage).toBe("off_session");
    expect(intent.customerId).toMatch(/^cus_demo_/);
  });

  it("charges 4242 off-session at once", async () => {
    const saved = await savedCardOf(DEMO_CARDS.success);
    const result = await demoGateway.chargeSavedCard(charge(saved));
    expect(result.outcome).toBe("succeeded");
    expect(result.paymentIntentId).toMatch(/^pi_demo_/);
    const state = await demoGateway.retrievePayment(result.paymentIntentId!);
    expect(state).toMatchObject({ status: "succeeded", amountPaid: 49_700, failed: false });
  });

  it("3184 asks for authentication; the page confirms it with the saved card after the buyer's answer", async () => {
    const saved = await savedCardOf(DEMO_CARDS.alwaysAuthenticate);
    const result = await demoGateway.chargeSavedCard(charge(saved));
    if (result.outcome !== "requires_action") throw new Error(`expected requires_action, got ${result.outcome}`);
    expect(result.paymentMethodId).toBe(saved.paymentMethodId);
    expect((await demoGateway.retrievePayment(result.paymentIntentId)).status).toBe("requires_payment_method");

    const failed = await confirmSaved(result.clientSecret, saved.paymentMethodId, false);
    expect(errorCode(failed.body)).toBe("payment_intent_authentication_failure");
    expect((await demoGateway.retrievePayment(result.paymentIntentId)).status).toBe("requires_payment_method");

    const done = await confirmSaved(result.clientSecret, saved.paymentMethodId, true);
    expect(done.body).toEqual({ paymentIntent: { id: result.paymentIntentId, status: "succeeded" } });
    expect(await demoGateway.retrievePayment(result.paymentIntentId)).toMatchObject({
      status: "succeeded",
      amountPaid: 49_700,
    });
    const again = await confirmSaved(result.clientSecret, saved.paymentMethodId, true);
    expect(errorCode(again.body)).toBe("payment_intent_unexpected_state");
  });

  it("a saved card confirms only its own customer's intent", async () => {
    const authenticating = await savedCardOf(DEMO_CARDS.alwaysAuthenticate);
    const other = await savedCardOf(DEMO_CARDS.success);
    const result = await demoGateway.chargeSavedCard(charge(authenticating));
    if (result.outcome !== "requires_action") throw new Error("expected requires_action");
    const foreign = await confirmSaved(result.clientSecret, other.paymentMethodId, true);
    expect(errorCode(foreign.body)).toBe("resource_missing");
    expect((await demoGateway.retrievePayment(result.paymentIntentId)).status).toBe("requires_payment_method");
    const badBody = await new Browser().call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: result.clientSecret,
      paymentMethod: authenticating.paymentMethodId,
    });
    expect(badBody.status).toBe(400);
  });

  it("0341 pays and saves, then every off-session charge is declined", async () => {
    const saved = await savedCardOf(DEMO_CARDS.attachesThenDeclines);
    const result = await demoGateway.chargeSavedCard(charge(saved));
    expect(result).toMatchObject({ outcome: "declined", code: "card_declined", message: "Your card was declined." });
    expect(result.paymentIntentId).toMatch(/^pi_demo_/);
    expect(await demoGateway.retrievePayment(result.paymentIntentId!)).toMatchObject({
      status: "requires_payment_method",
      failed: true,
    });
  });

  it("one key, one charge: repeated and concurrent calls answer the first charge", async () => {
    const saved = await savedCardOf(DEMO_CARDS.success);
    const input = charge(saved);
    const results = await Promise.all(Array.from({ length: 8 }, () => demoGateway.chargeSavedCard(input)));
    expect(new Set(results.map((r) => r.paymentIntentId)).size).toBe(1);
    expect(results.every((r) => r.outcome === "succeeded")).toBe(true);
    expect(await demoGateway.chargeSavedCard(input)).toEqual(results[0]);
    const charges = await getDb().demoPaymentIntent.count({
      where: { paymentMethodId: saved.paymentMethodId, status: "succeeded" },
    });
    expect(charges).toBe(2); // the first payment and one off-session charge
    await expect(demoGateway.chargeSavedCard({ ...input, amount: 100 })).rejects.toThrow(/other parameters/);

    const authenticating = await savedCardOf(DEMO_CARDS.alwaysAuthenticate);
    const asked = charge(authenticating);
    const answers = await Promise.all(Array.from({ length: 4 }, () => demoGateway.chargeSavedCard(asked)));
    expect(new Set(answers.map((a) => a.paymentIntentId)).size).toBe(1);
    expect(answers.every((a) => a.outcome === "requires_action")).toBe(true);
  });

  it("refuses a card that is not the customer's", async () => {
    const saved = await savedCardOf(DEMO_CARDS.success);
    await expect(
      demoGateway.chargeSavedCard(charge({ customerId: "cus_demo_other", paymentMethodId: saved.paymentMethodId })),
    ).rejects.toThrow(/No such payment method/);
  });
});
