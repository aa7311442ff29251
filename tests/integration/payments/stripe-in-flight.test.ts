import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import { type StripeDouble } from "../../doubles/stripe-api";
import { type StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer, createdIntent, enterStripeCheckout, type PaymentRoutes } from "./helpers";

// Stripe mode, payments that are in flight while the checkout changes: a payment processing or
// succeeded before its invoice says paid, an idempotency key Stripe is still working on, a contact
// correction on an intent that was paid or replaced, a seat change half done when a claim syncs.

type Intent = { clientSecret: string; paymentIntentId: string; subscriptionId?: string; transactionId: string };
type ErrorBody = { error: { code: string; message: string } };

let double: StripeDouble;
let stripeMode: StripeMode;
let routes: PaymentRoutes;
let db: PrismaClient;

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout("whsec_in_flight_test_secret_0123456789"));
  db = getDb();
});

afterAll(() => stripeMode.leave());

async function seats(quantity = 1) {
  const browser = new Browser();
  const input = buyer("team-training-seat", quantity);
  const intent = await createdIntent<Intent>(browser, routes.createIntent, input);
  const invoiceId = String(double.get(intent.subscriptionId!)!.latest_invoice);
  return { browser, input, intent, invoiceId };
}

/** One seat, then a create with a corrected name and `quantity`, held while it updates the intent at Stripe. */
async function correctionHeldAtStripe<T>(quantity: number) {
  const { browser, input, intent } = await seats(1);
  const held = double.pauseNext("POST", `/v1/payment_intents/${intent.paymentIntentId}`);
  const correction = browser.call<T>(routes.createIntent, "/api/create-payment-intent", {
    ...input,
    name: "Ada King",
    quantity,
  });
  await held.reached;
  return { browser, intent, held, correction };
}

describe("a seat change while the first payment is in flight", () => {
  it.each([
    ["processing", (id: string) => double.processing(id)],
    ["succeeded before its invoice says paid", (id: string) => double.succeedIntentOnly(id)],
  ])("answers 409 already_paid when the payment turns %s during the void", async (_, pay) => {
    const { browser, intent, invoiceId } = await seats();
    // The change has checked the intent (unpaid) and is voiding the invoice when the payment starts.
    const held = double.pauseNext("POST", `/v1/invoices/${invoiceId}/void`);
    const change = browser.call<ErrorBody>(routes.updateSubscription, "/api/update-subscription", {
      subscriptionId: intent.subscriptionId,
      quantity: 3,
    });
    await held.reached;
    pay(intent.paymentIntentId);
    held.release();
    const res = await change;
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("already_paid");
    expect(double.get(intent.subscriptionId!)!.status).not.toBe("canceled");
  });

  it("lets the same change through once a processing payment is declined (no refusal replayed)", async () => {
    const { browser, intent, invoiceId } = await seats();
    const held = double.pauseNext("POST", `/v1/invoices/${invoiceId}/void`);
    const body = { subscriptionId: intent.subscriptionId, quantity: 4 };
    const first = browser.call<ErrorBody>(routes.updateSubscription, "/api/update-subscription", body);
    await held.reached;
    double.processing(intent.paymentIntentId);
    held.release();
    expect((await first).status).toBe(409);
    double.fail(intent.paymentIntentId);
    const again = await browser.call<Intent & { quantity: number }>(
      routes.updateSubscription,
      "/api/update-subscription",
      body,
    );
    expect(again.status).toBe(200);
    expect(again.body.quantity).toBe(4);
  });
});

describe("a create with another count on a subscription that was just paid", () => {
  it("answers 409 already_paid, not the paid intent with the old count", async () => {
    // The create is putting a corrected name on the intent when the payment succeeds and a claim
    // records it: the order it reads back is paid.
    const { browser, intent, held, correction: later } = await correctionHeldAtStripe<ErrorBody>(3);
    double.succeed(intent.paymentIntentId);
    const claim = await browser.call(routes.paymentSuccess, "/api/payment-success", {
      transactionId: intent.transactionId,
    });
    expect(claim.status).toBe(200);
    held.release();
    const res = await later;
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("already_paid");
  });
});

describe("a contact correction", () => {
  it("is refused (409) on an order paid at the provider and not yet synced, which is fulfilled for the paid address", async () => {
    const browser = new Browser();
    const input = buyer("fast-forward-book");
    const created = await browser.call<Intent>(routes.createIntent, "/api/create-payment-intent", input);
    double.succeed(created.body.paymentIntentId);
    const corrected = await browser.call<ErrorBody>(routes.createIntent, "/api/create-payment-intent", {
      ...input,
      email: `changed-${input.email}`,
    });
    expect(corrected.status).toBe(409);
    expect(corrected.body.error.code).toBe("already_paid");
    const paid = await db.order.findUniqueOrThrow({ where: { id: created.body.transactionId } });
    expect(paid).toMatchObject({ email: input.email, status: "SUCCEEDED" });
    expect(paid.fulfilledAt).not.toBeNull();
    expect(double.get(created.body.paymentIntentId)!.receipt_email).toBeUndefined();
  });

  it("follows the replacement when a seat change voided the intent it was about to update", async () => {
    const { browser, intent, held, correction: corrected } = await correctionHeldAtStripe<Intent>(2);
    const change = await browser.call<Intent>(routes.updateSubscription, "/api/update-subscription", {
      subscriptionId: intent.subscriptionId,
      quantity: 2,
    });
    expect(change.status).toBe(200);
    held.release();
    const res = await corrected;
    expect(res.status).toBe(200);
    expect(res.body.paymentIntentId).toBe(change.body.paymentIntentId);
    const order = await db.order.findUniqueOrThrow({ where: { id: intent.transactionId } });
    expect(order).toMatchObject({ name: "Ada King", quantity: 2, providerPaymentId: change.body.paymentIntentId });
  });
});

describe("a claim that syncs while a seat change is half done", () => {
  it("keeps one order and one live subscription", async () => {
    const { browser, input, intent } = await seats(1);
    // The change voided the first invoice and is creating the replacement when the claim syncs.
    const held = double.pauseNext("POST", "/v1/subscriptions");
    const change = browser.call<Intent>(routes.updateSubscription, "/api/update-subscription", {
      subscriptionId: intent.subscriptionId,
      quantity: 2,
    });
    await held.reached;
    const claim = await browser.call(routes.paymentSuccess, "/api/payment-success", {
      transactionId: intent.transactionId,
    });
    expect(claim.status).toBe(409);
    const create = await browser.call<Intent>(routes.createIntent, "/api/create-payment-intent", {
      ...input,
      quantity: 3,
    });
    held.release();
    expect([create.status, (await change).status]).toEqual([200, 200]);
    const orders = await db.order.findMany({ where: { contactId: input.contactId }, include: { subscription: true } });
    expect(orders).toHaveLength(1);
    const live = orders[0]!.subscription!.providerSubscriptionId;
    expect(double.get(live)!.status).toBe("incomplete");
    expect(double.get(intent.subscriptionId!)!.status).toBe("canceled");
  });
});

describe("an idempotency key Stripe is still working on", () => {
  it("answers 10 parallel first creates 200 with one intent while Stripe answers 409 to the later ones", async () => {
    const browser = new Browser();
    await browser.call(routes.createIntent, "/api/create-payment-intent", buyer("fast-forward-book"));
    const input = buyer("ai-step-by-step");
    double.setLatency(300);
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          browser.call<Intent>(routes.createIntent, "/api/create-payment-intent", input),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(new Set(results.map((r) => r.body.paymentIntentId)).size).toBe(1);
      expect(await db.order.count({ where: { contactId: input.contactId } })).toBe(1);
    } finally {
      double.setLatency(0);
    }
  }, 60_000);
});
