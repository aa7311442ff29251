import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { verifyPassword } from "@/lib/payments/server/password";
import { getDb } from "@/lib/platform/server/db";
import { type DoubleEvent, type StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer, createdIntent, enterStripeCheckout, type PaymentRoutes } from "./helpers";
import { workOff } from "@/tests/support/jobs";
import { seededShuffle } from "@/tests/support/shuffle";
import { QUEUES } from "@/lib/platform/shared/queues";
import { captureLog } from "@/tests/log-capture";

// Stripe mode end to end through stripe-node and a Stripe API test double (tests/doubles):
// intents, seat subscriptions through the first invoice's confirmation secret, idempotency,
// webhooks signed like Stripe signs them, replays, reordering and races.

const WEBHOOK_SECRET = "whsec_integration_test_secret_0123456789";
let double: StripeDouble;
let stripeMode: StripeMode;
let routes: PaymentRoutes;
let db: PrismaClient;
const signer = new Stripe("sk_test_signer");

type Intent = {
  clientSecret: string;
  paymentIntentId: string;
  subscriptionId?: string;
  transactionId: string;
  amount: number;
};
type Event = { id: string; type: string };
type ErrorBody = { error: { code: string; message: string } };

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout(WEBHOOK_SECRET));
  db = getDb();
});

afterAll(() => stripeMode.leave());

function webhookRequest(payload: string, signature?: string): Request {
  return new Request("http://localhost:3000/api/stripe/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature !== undefined ? { "stripe-signature": signature } : {}),
    },
    body: payload,
  });
}

const deliver = (event: Event) => stripeMode.deliver(event);

async function book(browser = new Browser()): Promise<{ browser: Browser; intent: Intent }> {
  return { browser, intent: await createdIntent<Intent>(browser, routes.createIntent, buyer("fast-forward-book")) };
}

async function orderState(orderId: string) {
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, include: { subscription: true } });
  return {
    status: order.status,
    fulfilled: order.fulfilledAt !== null,
    subscription: order.subscription
      ? { status: order.subscription.status, quantity: order.subscription.quantity }
      : null,
    accounts: await db.issuedAccount.count({ where: { orderId } }),
    tokens: await db.handoffToken.count({ where: { orderId } }),
    emails: await db.outgoingEmail.count({ where: { orderId } }),
  };
}

describe("Stripe gateway through stripe-node", () => {
  it("creates one PaymentIntent for the catalog amount, with idempotency keys, for 10 parallel calls", async () => {
    const browser = new Browser();
    const input = buyer("ai-step-by-step");
    // The browser already holds its cookie (any earlier API call sets it), as on the real page.
    await browser.call(routes.createIntent, "/api/create-payment-intent", { ...input, productId: "fast-forward-book" });
    const before = double.requests.length;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => browser.call<Intent>(routes.createIntent, "/api/create-payment-intent", input)),
    );
    expect(new Set(results.map((r) => r.body.paymentIntentId)).size).toBe(1);
    const creates = double.requests
      .slice(before)
      .filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
    // Parallel callers may each ask Stripe (no transaction is held while it answers), always under
    // one idempotency key: the order's id plus a digest of the parameters.
    expect(new Set(creates.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(creates[0]!.idempotencyKey).toMatch(/^order:[0-9a-f-]{36}:payment_intent:[0-9a-f]{16}$/);
    const intent = double.get(results[0]!.body.paymentIntentId)!;
    expect(intent).toMatchObject({
      amount: 49_700,
      currency: "usd",
      metadata: { transactionId: results[0]!.body.transactionId },
    });
  });

  it("sells seats as a default_incomplete subscription paid through the invoice's confirmation secret", async () => {
    const browser = new Browser();
    const before = double.requests.length;
    const created = await browser.call<Intent>(
      routes.createIntent,
      "/api/create-payment-intent",
      buyer("team-training-seat", 3),
    );
    expect(created.status).toBe(200);
    expect(created.body.amount).toBe(150_000);
    expect(created.body.subscriptionId).toMatch(/^sub_/);
    const posts = double.requests.slice(before).filter((r) => r.method === "POST");
    // The seat Price is made by the first checkout that needs it and found by lookup key after.
    expect(posts.map((r) => r.path).filter((path) => path !== "/v1/prices")).toEqual([
      "/v1/customers",
      "/v1/subscriptions",
    ]);
    expect(posts.every((r) => r.idempotencyKey)).toBe(true);
    const invoicePi = double.get(created.body.paymentIntentId)!;
    expect(invoicePi.amount).toBe(150_000);
    expect(created.body.clientSecret).toBe(invoicePi.client_secret);

    const beforeChange = double.requests.length;
    const updated = await browser.call<Intent & { quantity: number }>(
      routes.updateSubscription,
      "/api/update-subscription",
      {
        subscriptionId: created.body.subscriptionId,
        quantity: 5,
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.quantity).toBe(5);
    // The replacement subscription belongs to the same customer and uses the same Price.
    const changeWrites = double.requests.slice(beforeChange).filter((r) => r.method !== "GET");
    // Voiding the unpaid first invoice comes first: Stripe refuses it once the invoice is paid. The
    // old subscription is cancelled only after the order moved to the replacement.
    expect(changeWrites.map((r) => `${r.method} ${r.path.replace(/\/(sub|in)_\w+/, "/:id")}`)).toEqual([
      "POST /v1/invoices/:id/void",
      "POST /v1/subscriptions",
      "DELETE /v1/subscriptions/:id",
    ]);
    const replacement = double.get(updated.body.subscriptionId!)!;
    expect(replacement.customer).toBe(double.get(created.body.subscriptionId!)!.customer);
    expect(double.get(created.body.subscriptionId!)!.status).toBe("canceled");
    expect(double.get(updated.body.paymentIntentId)!.amount).toBe(250_000);

    const early = await browser.call<{ error: { code: string; message: string } }>(
      routes.paymentSuccess,
      "/api/payment-success",
      { subscriptionId: updated.body.subscriptionId, transactionId: created.body.transactionId },
    );
    expect(early.status).toBe(409);
    // The pending sentence, in words a person reads, not the provider's status.
    expect(early.body.error).toEqual({
      code: "payment_not_succeeded",
      message: "Payment was not completed. Please try again.",
    });
    double.succeed(updated.body.paymentIntentId);
    const success = await browser.call<{ loginDetails: { seatsCount: number; password?: string } }>(
      routes.paymentSuccess,
      "/api/payment-success",
      { subscriptionId: updated.body.subscriptionId, transactionId: created.body.transactionId },
    );
    expect(success.status).toBe(200);
    expect(success.body.loginDetails.seatsCount).toBe(5);
    expect(success.body.loginDetails.password).toBeTruthy();
    expect(await orderState(created.body.transactionId)).toMatchObject({
      status: "SUCCEEDED",
      subscription: { status: "active", quantity: 5 },
      accounts: 1,
    });
    // The billing period comes from the subscription item, as Stripe reports it.
    const item = (double.get(updated.body.subscriptionId!)!.items as { data: { current_period_end: number }[] })
      .data[0]!;
    const stored = await db.subscription.findUniqueOrThrow({ where: { orderId: created.body.transactionId } });
    expect(stored.currentPeriodEnd?.getTime()).toBe(item.current_period_end * 1000);
  });

  it("keeps one monthly Price per catalog product, whoever buys seats", async () => {
    const first = await new Browser().call<Intent>(
      routes.createIntent,
      "/api/create-payment-intent",
      buyer("team-training-seat", 2),
    );
    const second = await new Browser().call<Intent>(
      routes.createIntent,
      "/api/create-payment-intent",
      buyer("team-training-seat", 7),
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    const priceOf = (subscriptionId: string) =>
      (double.get(subscriptionId)!.items as { data: { price: { id: string; lookup_key: string } }[] }).data[0]!.price;
    const price = priceOf(first.body.subscriptionId!);
    expect(priceOf(second.body.subscriptionId!).id).toBe(price.id);
    expect(price.lookup_key).toBe("team-training-seat:usd:50000:month");
    expect(double.requests.filter((r) => r.method === "POST" && r.path === "/v1/prices")).toHaveLength(1);
  });

  it("refuses a seat change once the invoice's PaymentIntent succeeded and keeps the paid subscription", async () => {
    const browser = new Browser();
    const created = await browser.call<Intent>(
      routes.createIntent,
      "/api/create-payment-intent",
      buyer("team-training-seat", 1),
    );
    double.succeed(created.body.paymentIntentId);
    const before = double.requests.length;
    const late = await browser.call<{ error: { code: string } }>(
      routes.updateSubscription,
      "/api/update-subscription",
      {
        subscriptionId: created.body.subscriptionId,
        quantity: 10,
      },
    );
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("already_paid");
    const posts = double.requests.slice(before).filter((r) => r.method === "POST" || r.method === "DELETE");
    expect(posts).toEqual([]);
    expect(double.get(created.body.subscriptionId!)!.status).not.toBe("canceled");
  });

  it("puts a corrected e-mail on the unpaid PaymentIntent and the subscription's customer", async () => {
    const browser = new Browser();
    const book = { ...buyer("fast-forward-book"), email: "a@b.co" };
    const first = await browser.call<Intent>(routes.createIntent, "/api/create-payment-intent", book);
    const fixed = `fixed-${book.contactId}@example.com`;
    const second = await browser.call<Intent>(routes.createIntent, "/api/create-payment-intent", {
      ...book,
      email: fixed,
    });
    expect(second.body.paymentIntentId).toBe(first.body.paymentIntentId);
    expect(double.get(first.body.paymentIntentId)!.receipt_email).toBe(fixed);
    expect(await db.order.findUniqueOrThrow({ where: { id: first.body.transactionId } })).toMatchObject({
      email: fixed,
    });

    const seats = { ...buyer("team-training-seat", 2), email: "a@b.co" };
    const sub = await browser.call<Intent>(routes.createIntent, "/api/create-payment-intent", seats);
    await browser.call(routes.createIntent, "/api/create-payment-intent", { ...seats, email: fixed, name: "Ada King" });
    const order = await db.order.findUniqueOrThrow({ where: { id: sub.body.transactionId } });
    expect(double.get(order.providerCustomerId!)).toMatchObject({ email: fixed, name: "Ada King" });
    expect(double.get(sub.body.subscriptionId!)!.status).not.toBe("canceled");
  });

  it("answers Stripe's failures with the product's fallback message, not a 500", async () => {
    const browser = new Browser();
    double.failNextRequest();
    const logged = captureLog();
    try {
      const r = await browser.call<{ error: { message: string } }>(
        routes.createIntent,
        "/api/create-payment-intent",
        buyer("fast-forward-book"),
      );
      expect(r.status).toBe(502);
      expect(r.body.error.message).toBe("Failed to create payment intent");
    } finally {
      logged.restore();
    }
    expect(logged.lines("error").length).toBeGreaterThan(0);
    expect(logged.lines().join("\n")).not.toMatch(/@example\.com|sk_test/);
  });

  it("refuses a payment that succeeded for less than the catalog amount", async () => {
    const { browser, intent } = await book();
    const pi = double.get(intent.paymentIntentId)!;
    pi.amount = 100; // tampered at the provider: not what the catalog charges
    double.succeed(intent.paymentIntentId);
    const r = await browser.call(routes.paymentSuccess, "/api/payment-success", {
      transactionId: intent.transactionId,
    });
    expect(r.status).toBe(409);
    expect(await db.issuedAccount.count({ where: { orderId: intent.transactionId } })).toBe(0);
  });
});

describe("POST /api/stripe/webhook", () => {
  it("refuses a missing or bad signature with 400 and writes nothing", async () => {
    const { intent } = await book();
    const succeeded = double.succeed(intent.paymentIntentId).find((e) => e.type === "payment_intent.succeeded")!;
    const payload = JSON.stringify(succeeded);
    expect((await routes.webhook(webhookRequest(payload))).status).toBe(400);
    expect((await routes.webhook(webhookRequest(payload, "t=1,v1=deadbeef"))).status).toBe(400);
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" });
    expect((await routes.webhook(webhookRequest(payload, wrongSecret))).status).toBe(400);
    const good = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await routes.webhook(webhookRequest(`${payload} `, good))).status).toBe(400);
    expect(await db.processedProviderEvent.count({ where: { id: succeeded.id } })).toBe(0);
    expect(await orderState(intent.transactionId)).toMatchObject({ status: "PENDING", accounts: 0 });
  });

  it("processes an event replayed 20 times and 10 in parallel once: one row, one account, one e-mail", async () => {
    const { intent } = await book();
    const events = double.succeed(intent.paymentIntentId);
    const succeeded = events.find((e) => e.type === "payment_intent.succeeded")!;
    for (let i = 0; i < 20; i++) expect(await deliver(succeeded)).toBe(200);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => deliver(succeeded)));
    expect(parallel.every((s) => s === 200)).toBe(true);
    expect(await db.processedProviderEvent.count({ where: { id: succeeded.id } })).toBe(1);
    expect(await orderState(intent.transactionId)).toMatchObject({
      status: "SUCCEEDED",
      accounts: 1,
      tokens: 1,
      emails: 1,
    });
    await workOff(QUEUES.email);
    const email = await db.outgoingEmail.findFirstOrThrow({ where: { orderId: intent.transactionId } });
    expect(email.status).toBe("LOGGED");

    // A different event for the same payment, 10 at once, still changes nothing more.
    const charge = events.find((e) => e.type === "charge.succeeded")!;
    await Promise.all(Array.from({ length: 10 }, () => deliver(charge)));
    expect(await orderState(intent.transactionId)).toMatchObject({ accounts: 1, emails: 1 });
  });

  it("marks a declined payment FAILED and issues nothing", async () => {
    const { intent } = await book();
    for (const event of double.fail(intent.paymentIntentId)) expect(await deliver(event)).toBe(200);
    expect(await orderState(intent.transactionId)).toMatchObject({ status: "FAILED", accounts: 0, emails: 0 });
  });

  it("reaches the same final state for the same events in 20 shuffled orders", async () => {
    const finals: unknown[] = [];
    for (let round = 0; round < 20; round++) {
      const browser = new Browser();
      const one = await book(browser);
      const seats = await browser.call<Intent>(
        routes.createIntent,
        "/api/create-payment-intent",
        buyer("team-training-seat", 2),
      );
      const events = [
        ...double.fail(one.intent.paymentIntentId),
        ...double.succeed(one.intent.paymentIntentId),
        ...double.refund(one.intent.paymentIntentId),
        ...double.fail(seats.body.paymentIntentId),
        ...double.succeed(seats.body.paymentIntentId),
        ...double.cancelSubscription(seats.body.subscriptionId!),
      ];
      for (const event of seededShuffle(events, round + 1)) expect(await deliver(event)).toBe(200);
      finals.push({
        one: await orderState(one.intent.transactionId),
        seats: await orderState(seats.body.transactionId),
      });
    }
    expect(finals[0]).toEqual({
      // Refunded before anyone claimed it: recorded as refunded, nothing issued. Every
      // recorded refund e-mails the buyer a confirmation: the one e-mail is that receipt.
      one: { status: "REFUNDED", fulfilled: false, subscription: null, accounts: 0, tokens: 0, emails: 1 },
      seats: {
        status: "SUCCEEDED",
        fulfilled: true,
        subscription: { status: "canceled", quantity: 2 },
        accounts: 1,
        tokens: 1,
        emails: 1,
      },
    });
    for (const final of finals) expect(final).toEqual(finals[0]);
  });

  it("creates one account when payment-success and the webhook race, in either order and at once", async () => {
    for (const order of ["success-first", "webhook-first", "concurrent"] as const) {
      const { browser, intent } = await book();
      const succeeded = double.succeed(intent.paymentIntentId).find((e) => e.type === "payment_intent.succeeded")!;
      const claim = () =>
        browser.call<{ token: string; loginDetails: { password?: string } }>(
          routes.paymentSuccess,
          "/api/payment-success",
          { paymentIntentId: intent.paymentIntentId, transactionId: intent.transactionId },
        );
      const shown: string[] = [];
      if (order === "success-first") {
        const r = await claim();
        expect(r.status).toBe(200);
        shown.push(r.body.loginDetails.password ?? "");
        expect(await deliver(succeeded)).toBe(200);
      } else if (order === "webhook-first") {
        expect(await deliver(succeeded)).toBe(200);
        const r = await claim();
        expect(r.status).toBe(200);
        shown.push(r.body.loginDetails.password ?? "");
      } else {
        const [a, b, c] = await Promise.all([claim(), deliver(succeeded), claim()]);
        expect([a.status, b, c.status]).toEqual([200, 200, 200]);
        expect(a.body.token).toBe(c.body.token);
        shown.push(...[a, c].flatMap((r) => (r.body.loginDetails.password ? [r.body.loginDetails.password] : [])));
      }
      expect(await orderState(intent.transactionId)).toMatchObject({ accounts: 1, tokens: 1, emails: 1 });
      // Whoever fulfilled, the buyer's page was shown the account's password, exactly once.
      expect(shown).toHaveLength(1);
      const account = await db.issuedAccount.findUniqueOrThrow({ where: { orderId: intent.transactionId } });
      expect(account.passwordShownAt).not.toBeNull();
      expect(await verifyPassword(shown[0]!, account.passwordHash)).toBe(true);
      const again = await claim();
      expect(again.status).toBe(200);
      expect(again.body.loginDetails.password).toBeUndefined();
    }
  });

  it("acknowledges ignored types and answers 500 (unrecorded, so Stripe retries) when processing fails", async () => {
    const ignored = {
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "customer.created",
      data: { object: { id: "cus_x", object: "customer" } },
    };
    expect(await deliver(ignored)).toBe(200);
    expect(await db.processedProviderEvent.count({ where: { id: ignored.id } })).toBe(1);

    const { intent } = await book();
    await db.order.update({ where: { id: intent.transactionId }, data: { providerPaymentId: "pi_unknown_to_stripe" } });
    const broken = {
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_unknown_to_stripe", object: "payment_intent" } },
    };
    const logged = captureLog();
    try {
      expect(await deliver(broken)).toBe(500);
    } finally {
      logged.restore();
    }
    expect(await db.processedProviderEvent.count({ where: { id: broken.id } })).toBe(0);
    expect(logged.lines("error").length).toBeGreaterThan(0);
    expect(logged.lines().join("\n")).not.toContain("@example.com");
  });
});

/** The event of this type among those a control emitted (the test is wrong if there is none). */
function eventOf(events: DoubleEvent[], type: string): DoubleEvent {
  const found = events.find((e) => e.type === type);
  if (!found) throw new Error(`the double emitted no ${type} (got ${events.map((e) => e.type).join(", ")})`);
  return found;
}

describe("every handled event type, replayed 10 times in parallel and 20 times in a row", () => {
  type Product = "fast-forward-book" | "team-training-seat";
  type Expected = {
    status: string;
    accounts: number;
    tokens: number;
    emails: number;
    subscription?: { status: string };
  };
  type Case = {
    type: string;
    product: Product;
    situation: string;
    /** Puts Stripe (and, where the situation says so, our database) in place; returns the event to replay. */
    arrange: (intent: Intent) => DoubleEvent | Promise<DoubleEvent>;
    expected: Expected;
  };

  const paid = { status: "SUCCEEDED", accounts: 1, tokens: 1, emails: 1 };
  const nothing = { accounts: 0, tokens: 0, emails: 0 };
  // Fulfilled through an earlier, different event, so a refund's replays meet an issued account.
  const fulfilledFirst = async (intent: Intent, type: string) => {
    expect(await deliver(eventOf(double.succeed(intent.paymentIntentId), type))).toBe(200);
    expect(await orderState(intent.transactionId)).toMatchObject(paid);
  };

  const cases: Case[] = [
    {
      type: "payment_intent.succeeded",
      product: "fast-forward-book",
      situation: "paid",
      arrange: (i) => eventOf(double.succeed(i.paymentIntentId), "payment_intent.succeeded"),
      expected: paid,
    },
    {
      // Not a type the webhook acts on (payment_intent.succeeded, sent with it, is): acknowledged,
      // recorded once, and it issues nothing on its own.
      type: "charge.succeeded",
      product: "fast-forward-book",
      situation: "paid",
      arrange: (i) => eventOf(double.succeed(i.paymentIntentId), "charge.succeeded"),
      expected: { status: "PENDING", ...nothing },
    },
    {
      type: "charge.refunded",
      product: "fast-forward-book",
      situation: "refunded before anything was issued",
      arrange: (i) => {
        double.succeed(i.paymentIntentId);
        return eventOf(double.refund(i.paymentIntentId), "charge.refunded");
      },
      // Nothing issued; the one e-mail is the refund confirmation, sent once.
      expected: { status: "REFUNDED", ...nothing, emails: 1 },
    },
    {
      type: "charge.refunded",
      product: "fast-forward-book",
      situation: "refunded after fulfilment",
      arrange: async (i) => {
        await fulfilledFirst(i, "payment_intent.succeeded");
        return eventOf(double.refund(i.paymentIntentId), "charge.refunded");
      },
      // The purchase e-mail and, once however often the event comes, the refund confirmation.
      expected: { ...paid, status: "REFUNDED", emails: 2 },
    },
    {
      type: "payment_intent.payment_failed",
      product: "fast-forward-book",
      situation: "declined",
      arrange: (i) => eventOf(double.fail(i.paymentIntentId), "payment_intent.payment_failed"),
      expected: { status: "FAILED", ...nothing },
    },
    {
      type: "payment_intent.canceled",
      product: "fast-forward-book",
      situation: "abandoned",
      arrange: (i) => eventOf(double.cancelIntent(i.paymentIntentId), "payment_intent.canceled"),
      expected: { status: "CANCELED", ...nothing },
    },
    {
      type: "payment_intent.succeeded",
      product: "team-training-seat",
      situation: "first invoice paid",
      arrange: (i) => eventOf(double.succeed(i.paymentIntentId), "payment_intent.succeeded"),
      expected: { ...paid, subscription: { status: "active" } },
    },
    {
      type: "charge.succeeded",
      product: "team-training-seat",
      situation: "first invoice paid",
      arrange: (i) => eventOf(double.succeed(i.paymentIntentId), "charge.succeeded"),
      expected: { status: "PENDING", ...nothing, subscription: { status: "incomplete" } },
    },
    {
      type: "invoice.paid",
      product: "team-training-seat",
      situation: "first invoice paid",
      arrange: (i) => eventOf(double.succeed(i.paymentIntentId), "invoice.paid"),
      expected: { ...paid, subscription: { status: "active" } },
    },
    {
      type: "customer.subscription.updated",
      product: "team-training-seat",
      situation: "first invoice paid",
      arrange: (i) => eventOf(double.succeed(i.paymentIntentId), "customer.subscription.updated"),
      expected: { ...paid, subscription: { status: "active" } },
    },
    {
      // The state is re-read: the seats were paid for, so the account is owed even though the
      // only event that arrived says the subscription ended.
      type: "customer.subscription.deleted",
      product: "team-training-seat",
      situation: "paid, then cancelled",
      arrange: (i) => {
        double.succeed(i.paymentIntentId);
        return eventOf(double.cancelSubscription(i.subscriptionId!), "customer.subscription.deleted");
      },
      expected: { ...paid, subscription: { status: "canceled" } },
    },
    {
      // Nothing was paid: nothing is issued, and the order ends with its subscription even though
      // the first invoice's intent is still payable (Stripe leaves it open after a manual cancel).
      type: "customer.subscription.deleted",
      product: "team-training-seat",
      situation: "cancelled unpaid",
      arrange: (i) => eventOf(double.cancelSubscription(i.subscriptionId!), "customer.subscription.deleted"),
      expected: { status: "CANCELED", ...nothing, subscription: { status: "canceled" } },
    },
    {
      type: "charge.refunded",
      product: "team-training-seat",
      situation: "refunded after fulfilment",
      arrange: async (i) => {
        await fulfilledFirst(i, "invoice.paid");
        return eventOf(double.refund(i.paymentIntentId), "charge.refunded");
      },
      // Purchase e-mail plus one refund confirmation.
      expected: { ...paid, status: "REFUNDED", emails: 2, subscription: { status: "active" } },
    },
    {
      type: "invoice.payment_failed",
      product: "team-training-seat",
      situation: "declined",
      arrange: (i) => eventOf(double.fail(i.paymentIntentId), "invoice.payment_failed"),
      expected: { status: "FAILED", ...nothing, subscription: { status: "incomplete" } },
    },
    {
      type: "payment_intent.payment_failed",
      product: "team-training-seat",
      situation: "declined",
      arrange: (i) => eventOf(double.fail(i.paymentIntentId), "payment_intent.payment_failed"),
      expected: { status: "FAILED", ...nothing, subscription: { status: "incomplete" } },
    },
    {
      type: "payment_intent.canceled",
      product: "team-training-seat",
      situation: "first invoice voided",
      arrange: (i) => eventOf(double.cancelIntent(i.paymentIntentId), "payment_intent.canceled"),
      // The subscription is still live (a seat change half done looks the same): the order stays
      // unpaid until the subscription itself ends (customer.subscription.deleted, or Stripe's expiry).
      expected: { status: "PENDING", ...nothing, subscription: { status: "incomplete" } },
    },
  ];

  it("covers every event type the webhook handles, for the book and for seats", async () => {
    const { HANDLED_EVENTS } = await import("@/lib/payments/server/stripe-webhook");
    const uncovered = (product: Product, types: string[]) =>
      types.filter((type) => !cases.some((c) => c.product === product && c.type === type));
    expect(uncovered("team-training-seat", [...HANDLED_EVENTS, "charge.succeeded"])).toEqual([]);
    // A one-time order has no invoice or subscription, so only the intent and charge events apply.
    const oneTime = [...HANDLED_EVENTS, "charge.succeeded"].filter((type) => /^(payment_intent|charge)\./.test(type));
    expect(uncovered("fast-forward-book", oneTime)).toEqual([]);
  });

  it.each(cases)("$product, $situation: $type", async ({ product, arrange, expected }) => {
    const created = await new Browser().call<Intent>(
      routes.createIntent,
      "/api/create-payment-intent",
      buyer(product, product === "team-training-seat" ? 2 : 1),
    );
    expect(created.status).toBe(200);
    const intent = created.body;
    const event = await arrange(intent);
    // In parallel first, while the event is new to us: ten deliveries race through the whole
    // handler (sync, fulfilment, recording). Then twenty more, each one after the other.
    const parallel = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(parallel).toEqual(Array.from({ length: 10 }, () => 200));
    for (let i = 0; i < 20; i++) expect(await deliver(event)).toBe(200);

    expect(await db.processedProviderEvent.findMany({ where: { id: event.id }, select: { type: true } })).toEqual([
      { type: event.type },
    ]);
    expect(await orderState(intent.transactionId)).toMatchObject(expected);
    if (expected.emails === 1) {
      // Sent once (one queued job), not merely queued once.
      await workOff(QUEUES.email);
      const emails = await db.outgoingEmail.findMany({ where: { orderId: intent.transactionId } });
      expect(emails.map((e) => e.status)).toEqual(["LOGGED"]);
    }
  });
});

describe("seat quantities out of range in Stripe mode", () => {
  const RANGE = "quantity must be an integer between 1 and 50";
  const quantityError = (quantity: unknown) =>
    quantity === 51
      ? { code: "quantity_too_large", message: `An order can have at most 50 seats: ${RANGE}.` }
      : { code: "invalid_request", message: RANGE };
  const badQuantities: unknown[] = [0, 51, -1, 1.5, "3", null];

  it.each(badQuantities)("update-subscription refuses %j with 400 before calling Stripe", async (quantity) => {
    const browser = new Browser();
    const intent = await createdIntent<Intent>(browser, routes.createIntent, buyer("team-training-seat", 2));
    const before = double.requests.length;
    const r = await browser.call<ErrorBody>(routes.updateSubscription, "/api/update-subscription", {
      subscriptionId: intent.subscriptionId,
      quantity,
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual(quantityError(quantity));
    expect(double.requests.slice(before)).toEqual([]);
    expect(await orderState(intent.transactionId)).toMatchObject({
      status: "PENDING",
      subscription: { status: "incomplete", quantity: 2 },
    });
    expect(double.get(intent.subscriptionId!)!.status).toBe("incomplete");
  });

  it.each(badQuantities)("create-payment-intent refuses %j seats with 400 before calling Stripe", async (quantity) => {
    const browser = new Browser();
    const input = { ...buyer("team-training-seat"), quantity };
    const before = double.requests.length;
    const r = await browser.call<ErrorBody>(routes.createIntent, "/api/create-payment-intent", input);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual(quantityError(quantity));
    expect(double.requests.slice(before)).toEqual([]);
    expect(await db.order.count({ where: { contactId: input.contactId } })).toBe(0);
  });
});

describe("seat changes after a declined card", () => {
  type Updated = Intent & { quantity: number };
  type Claimed = { loginDetails: { seatsCount: number; password?: string } };

  it("keeps a declined order unpaid: seats change (stepper and create), the order is PENDING again, then it pays", async () => {
    const browser = new Browser();
    const input = buyer("team-training-seat", 2);
    const created = await browser.call<Intent>(routes.createIntent, "/api/create-payment-intent", input);
    expect(created.status).toBe(200);
    const orderId = created.body.transactionId;
    for (const event of double.fail(created.body.paymentIntentId)) expect(await deliver(event)).toBe(200);
    expect(await orderState(orderId)).toMatchObject({ status: "FAILED", accounts: 0 });

    // The stepper after the decline: nothing was paid, so the seat change goes through.
    const updated = await browser.call<Updated>(routes.updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity: 3,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.quantity).toBe(3);
    expect(updated.body.subscriptionId).not.toBe(created.body.subscriptionId);
    expect(double.get(updated.body.paymentIntentId)!.amount).toBe(150_000);
    expect(await orderState(orderId)).toMatchObject({
      status: "PENDING",
      subscription: { status: "incomplete", quantity: 3 },
    });
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).failureMessage).toBeNull();

    // Declined again; the page's create call with another count changes the seats as well
    // (rather than handing back the declined intent for the old amount).
    for (const event of double.fail(updated.body.paymentIntentId)) expect(await deliver(event)).toBe(200);
    expect(await orderState(orderId)).toMatchObject({ status: "FAILED" });
    const recreated = await browser.call<Intent>(routes.createIntent, "/api/create-payment-intent", {
      ...input,
      quantity: 4,
    });
    expect(recreated.status).toBe(200);
    expect(recreated.body.transactionId).toBe(orderId);
    expect(recreated.body.subscriptionId).not.toBe(updated.body.subscriptionId);
    expect(recreated.body.amount).toBe(200_000);
    expect(double.get(recreated.body.paymentIntentId)!.amount).toBe(200_000);
    expect(await orderState(orderId)).toMatchObject({ status: "PENDING" });

    for (const event of double.succeed(recreated.body.paymentIntentId)) expect(await deliver(event)).toBe(200);
    const success = await browser.call<Claimed>(routes.paymentSuccess, "/api/payment-success", {
      subscriptionId: recreated.body.subscriptionId,
      transactionId: orderId,
    });
    expect(success.status).toBe(200);
    expect(success.body.loginDetails.seatsCount).toBe(4);
    expect(await orderState(orderId)).toMatchObject({
      status: "SUCCEEDED",
      subscription: { status: "active", quantity: 4 },
      accounts: 1,
    });
  });

  it("lets no late payment_intent.canceled for the replaced intent overwrite the new one's order", async () => {
    const browser = new Browser();
    const created = await browser.call<Intent>(
      routes.createIntent,
      "/api/create-payment-intent",
      buyer("team-training-seat", 1),
    );
    const orderId = created.body.transactionId;
    const oldSubscription = created.body.subscriptionId!;
    const [canceled] = double.cancelIntent(created.body.paymentIntentId);
    // The webhook's sync reads the order (still on the old intent), then asks Stripe; that
    // answer is held until the seat change has committed, so the sync writes last.
    const held = double.pauseNext("GET", `/v1/subscriptions/${oldSubscription}`);
    const delivery = deliver(canceled!);
    await held.reached;
    const updated = await browser.call<Updated>(routes.updateSubscription, "/api/update-subscription", {
      subscriptionId: oldSubscription,
      quantity: 3,
    });
    expect(updated.status).toBe(200);
    held.release();
    expect(await delivery).toBe(200);

    const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, include: { subscription: true } });
    expect(order).toMatchObject({ status: "PENDING", providerPaymentId: updated.body.paymentIntentId, quantity: 3 });
    expect(order.subscription).toMatchObject({
      providerSubscriptionId: updated.body.subscriptionId,
      status: "incomplete",
      quantity: 3,
    });

    double.succeed(updated.body.paymentIntentId);
    const success = await browser.call<Claimed>(routes.paymentSuccess, "/api/payment-success", {
      subscriptionId: updated.body.subscriptionId,
      transactionId: orderId,
    });
    expect(success.status).toBe(200);
    expect(success.body.loginDetails.seatsCount).toBe(3);
  });
});
