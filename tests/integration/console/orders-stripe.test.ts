import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import type { DoubleEvent, StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer, enterStripeCheckout, type PaymentRoutes } from "../payments/helpers";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";
import { requestKey } from "./purchase";
import { workOff } from "@/tests/support/jobs";
import { QUEUES } from "@/lib/platform/shared/queues";

// Console refunds, Stripe-dashboard refunds, disputes and cancel-at-period-end in Stripe mode,
// through stripe-node and the Stripe API double, with webhooks signed as Stripe signs.

const WEBHOOK_SECRET = "whsec_console_orders_secret_0123456789";
let stripeMode: StripeMode;
let double: StripeDouble;
let db: PrismaClient;
let operator: SignedInOperator;
let routes: PaymentRoutes & Record<"refund" | "cancel" | "seats", (r: Request) => Promise<Response>>;

beforeAll(async () => {
  const checkout = await enterStripeCheckout(WEBHOOK_SECRET);
  ({ stripeMode, double } = checkout);
  routes = {
    ...checkout.routes,
    refund: (await import("@/app/api/admin/orders/refund/route")).POST,
    cancel: (await import("@/app/api/admin/orders/cancel-subscription/route")).POST,
    seats: (await import("@/app/api/admin/orders/seats/route")).POST,
  };
  db = getDb();
  operator = await signedInOperator();
});

afterAll(() => stripeMode.leave());

const deliver = (event: DoubleEvent) => stripeMode.deliver(event);

const only = (events: DoubleEvent[], type: string) => events.filter((e) => e.type === type);

/** A paid and fulfilled order (the success page claimed it), as a buyer makes one. */
async function paidOrder(productId = "fast-forward-book", quantity = 1) {
  const browser = new Browser();
  const input = buyer(productId, quantity);
  const created = await browser.call<{ paymentIntentId: string; subscriptionId?: string; transactionId: string }>(
    routes.createIntent,
    "/api/create-payment-intent",
    input,
  );
  expect(created.status).toBe(200);
  for (const event of double.succeed(created.body.paymentIntentId)) expect(await deliver(event)).toBe(200);
  const claim = () =>
    browser.call<{ error?: { code: string } }>(routes.paymentSuccess, "/api/payment-success", {
      email: input.email,
      name: input.name,
      paymentIntentId: created.body.paymentIntentId,
      transactionId: created.body.transactionId,
      contactId: input.contactId,
    });
  expect((await claim()).status).toBe(200);
  return { ...created.body, orderId: created.body.transactionId, claim };
}

async function refund(body: Record<string, unknown>) {
  const response = await routes.refund(adminRequest("/api/admin/orders/refund", { body, cookie: operator.cookie }));
  return {
    status: response.status,
    body: (await response.json()) as { refundId: string; fullyRefunded: boolean; error?: { code: string } },
  };
}

async function state(orderId: string) {
  const order = await db.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { account: true, refunds: { orderBy: { createdAt: "asc" } }, disputes: true },
  });
  return {
    status: order.status,
    refunds: order.refunds.map((r) => ({ amount: r.amount, source: r.source })),
    accountRevoked: order.account?.revokedAt !== null,
    refundEmails: await db.outgoingEmail.count({ where: { orderId, template: "refund-confirmation" } }),
    refundEvents: await db.webhookEvent.count({
      where: { type: "order.refunded", payload: { path: ["data", "transactionId"], equals: orderId } },
    }),
    audits: await db.auditLog.count({ where: { targetId: orderId, action: "order.refund" } }),
  };
}

describe("console refund in Stripe mode", () => {
  it("refunds through refunds.create with an idempotency key; the charge.refunded after it doubles nothing", async () => {
    const order = await paidOrder();
    const key = requestKey();
    const made = await refund({ orderId: order.orderId, reason: "Money-back guarantee", requestKey: key });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ fullyRefunded: true });
    expect(made.body.refundId).toMatch(/^re_/);
    const calls = double.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toContain(key);
    const stripeRefund = double.get(made.body.refundId)!;
    expect(stripeRefund).toMatchObject({ amount: 700, metadata: { source: "console", note: "Money-back guarantee" } });

    // Stripe's events for that refund, delivered twice: nothing recorded twice.
    const events = double.events.filter(
      (e) => e.type === "charge.refunded" && e.data.object.payment_intent === order.paymentIntentId,
    );
    for (const event of [...events, ...events]) expect(await deliver(event)).toBe(200);
    expect(await state(order.orderId)).toEqual({
      status: "REFUNDED",
      refunds: [{ amount: 700, source: "console" }],
      accountRevoked: true,
      refundEmails: 1,
      refundEvents: 1,
      audits: 1,
    });
    expect((await order.claim()).body.error?.code).toBe("order_refunded");
  });

  it("records a refund whose charge.refunded arrives before the console could record it, as the operator's", async () => {
    const order = await paidOrder();
    // The console's request reaches Stripe; Stripe's webhook is handled before the request records it.
    const held = double.holdNextAnswer("POST", "/v1/refunds");
    const pending = refund({ orderId: order.orderId, amount: 300, reason: "Partial", requestKey: requestKey() });
    await held.reached;
    const refunded = only(double.events, "charge.refunded").filter(
      (e) => e.data.object.payment_intent === order.paymentIntentId,
    );
    expect(refunded).toHaveLength(1);
    expect(await deliver(refunded[0]!)).toBe(200);
    // Recorded from the refund's metadata: the operator's, audited once.
    expect(await state(order.orderId)).toMatchObject({ refunds: [{ amount: 300, source: "console" }], audits: 1 });
    held.release();
    const made = await pending;
    expect(made.status).toBe(200);
    expect(await state(order.orderId)).toMatchObject({
      status: "SUCCEEDED",
      refunds: [{ amount: 300, source: "console" }],
      accountRevoked: false,
      refundEmails: 1,
      refundEvents: 1,
      audits: 1,
    });
  });

  it("a retry with the same key but a changed reason is refused (409), never a second refund at Stripe", async () => {
    const order = await paidOrder();
    const key = requestKey();
    // The first attempt reached Stripe, but its answer never came back to the console.
    const { getStripe } = await import("@/lib/payments/server/stripe-client");
    await getStripe().refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: 300,
        reason: "requested_by_customer",
        metadata: {
          transactionId: order.orderId,
          source: "console",
          operatorId: operator.operatorId,
          requestKey: key,
          note: "First wording",
        },
      },
      { idempotencyKey: `console-refund:${key}` },
    );
    // A partial amount: a second refund would be made, not refused as too large.
    const retry = await refund({ orderId: order.orderId, amount: 300, reason: "Second wording", requestKey: key });
    expect(retry.status).toBe(409);
    expect(retry.body.error?.code).toBe("conflict");
    const charge = double.events.filter(
      (e) => e.type === "charge.refunded" && e.data.object.payment_intent === order.paymentIntentId,
    );
    expect(charge).toHaveLength(1);
    // Stripe's webhook records the one refund as the operator's; the unchanged retry then finds it.
    expect(await deliver(charge[0]!)).toBe(200);
    const again = await refund({ orderId: order.orderId, amount: 300, reason: "First wording", requestKey: key });
    expect(again.status).toBe(200);
    expect(await state(order.orderId)).toMatchObject({
      status: "SUCCEEDED",
      refunds: [{ amount: 300, source: "console" }],
      audits: 1,
    });
  });

  it("a provider refund carrying a request key already recorded is still recorded, without the key", async () => {
    const order = await paidOrder();
    const key = requestKey();
    expect((await refund({ orderId: order.orderId, amount: 200, reason: "Part", requestKey: key })).status).toBe(200);
    // A second refund at Stripe with the same key in its metadata (made under an older key scheme).
    const { getStripe } = await import("@/lib/payments/server/stripe-client");
    await getStripe().refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: 100,
        metadata: { transactionId: order.orderId, source: "console", operatorId: operator.operatorId, requestKey: key },
      },
      { idempotencyKey: `older-scheme:${key}` },
    );
    const charge = double.events.filter(
      (e) => e.type === "charge.refunded" && e.data.object.payment_intent === order.paymentIntentId,
    );
    for (const event of charge) expect(await deliver(event)).toBe(200);
    const rows = await db.refund.findMany({ where: { orderId: order.orderId }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.amount, r.requestKey])).toEqual([
      [200, key],
      [100, null],
    ]);
  });

  it("refuses to record a refund Stripe reports failed or canceled; records a pending one", async () => {
    const order = await paidOrder();
    for (const status of ["failed", "canceled"] as const) {
      double.nextRefundStatus(status);
      const made = await refund({ orderId: order.orderId, reason: "Card closed", requestKey: requestKey() });
      expect(made.status).toBe(409);
      expect(made.body.error?.code).toBe("refund_failed");
    }
    expect(await state(order.orderId)).toMatchObject({ status: "SUCCEEDED", refunds: [], accountRevoked: false });
    // A webhook-driven sync that lists those refunds records none of them either.
    const { syncProviderRefunds } = await import("@/lib/payments/server/sync-refunds");
    const { gatewayOf } = await import("@/lib/payments/server/select-gateway");
    const row = await db.order.findUniqueOrThrow({ where: { id: order.orderId } });
    expect(await syncProviderRefunds(row, gatewayOf(row), "failed")).toBe(0);
    double.nextRefundStatus("pending");
    const pending = await refund({
      orderId: order.orderId,
      amount: 100,
      reason: "Slow bank",
      requestKey: requestKey(),
    });
    expect(pending.status).toBe(200);
    expect(await state(order.orderId)).toMatchObject({ refunds: [{ amount: 100, source: "console" }] });
  });

  it("answers 400 for more than is left, before Stripe is asked", async () => {
    const order = await paidOrder();
    const before = double.requests.length;
    const over = await refund({ orderId: order.orderId, amount: 701, reason: "Too much", requestKey: requestKey() });
    expect(over.status).toBe(400);
    expect(over.body.error?.code).toBe("refund_too_large");
    expect(double.requests.slice(before).some((r) => r.path === "/v1/refunds")).toBe(false);
  });
});

describe("refunds made in Stripe's dashboard (charge.refunded alone)", () => {
  it("a full refund ends as a console refund does: row (provider), revocation, e-mail, webhook", async () => {
    const order = await paidOrder();
    const event = only(double.refund(order.paymentIntentId), "charge.refunded")[0]!;
    const parallel = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(parallel).toEqual([200, 200, 200, 200, 200]);
    expect(await state(order.orderId)).toEqual({
      status: "REFUNDED",
      refunds: [{ amount: 700, source: "provider" }],
      accountRevoked: true,
      refundEmails: 1,
      refundEvents: 1,
      audits: 0,
    });
  });

  it("a partial refund keeps the order SUCCEEDED and the account; then the rest refunds it in full", async () => {
    const order = await paidOrder();
    expect(await deliver(only(double.refund(order.paymentIntentId, 100), "charge.refunded")[0]!)).toBe(200);
    expect(await state(order.orderId)).toMatchObject({
      status: "SUCCEEDED",
      refunds: [{ amount: 100, source: "provider" }],
      accountRevoked: false,
    });
    expect((await order.claim()).status).toBe(200);
    expect(await deliver(only(double.refund(order.paymentIntentId), "charge.refunded")[0]!)).toBe(200);
    expect(await state(order.orderId)).toMatchObject({
      status: "REFUNDED",
      refunds: [
        { amount: 100, source: "provider" },
        { amount: 600, source: "provider" },
      ],
      accountRevoked: true,
      refundEmails: 2,
      refundEvents: 2,
    });
  });
});

describe("disputes and seat cancellation in Stripe mode", () => {
  it("stores charge.dispute.created and its close, whatever order the events come in", async () => {
    const order = await paidOrder();
    const created = only(double.dispute(order.paymentIntentId), "charge.dispute.created")[0]!;
    const disputeId = created.data.object.id;
    const closed = only(double.closeDispute(disputeId, "lost"), "charge.dispute.closed")[0]!;
    // Closed first, then the late created: the state is re-read, so it stays closed.
    expect(await deliver(closed)).toBe(200);
    expect(await deliver(created)).toBe(200);
    const disputes = await db.dispute.findMany({ where: { orderId: order.orderId } });
    expect(disputes).toEqual([
      expect.objectContaining({ providerDisputeId: disputeId, amount: 700, reason: "fraudulent", status: "lost" }),
    ]);
    // An event for a dispute Stripe does not know is acknowledged.
    expect(
      await deliver({
        ...created,
        id: `${created.id}_x`,
        data: { object: { ...created.data.object, id: "du_unknown" } },
      }),
    ).toBe(200);
  });

  it("cancels a seat subscription at period end through subscriptions.update", async () => {
    const order = await paidOrder("team-training-seat", 2);
    const response = await routes.cancel(
      adminRequest("/api/admin/orders/cancel-subscription", {
        body: { orderId: order.orderId },
        cookie: operator.cookie,
      }),
    );
    expect(response.status).toBe(200);
    expect(double.get(order.subscriptionId!)).toMatchObject({ cancel_at_period_end: true, status: "active" });
    expect(await db.subscription.findUniqueOrThrow({ where: { orderId: order.orderId } })).toMatchObject({
      cancelAtPeriodEnd: true,
      status: "active",
    });
    // Stripe's own customer.subscription.updated about it keeps the flag.
    const updated = double.events.filter(
      (e) => e.type === "customer.subscription.updated" && e.data.object.id === order.subscriptionId,
    );
    expect(await deliver(updated[updated.length - 1]!)).toBe(200);
    expect((await db.subscription.findUniqueOrThrow({ where: { orderId: order.orderId } })).cancelAtPeriodEnd).toBe(
      true,
    );
  });

  it("a full refund made in Stripe's dashboard cancels the seats at period end, once", async () => {
    const order = await paidOrder("team-training-seat", 2);
    const event = only(double.refund(order.paymentIntentId), "charge.refunded")[0]!;
    expect(await deliver(event)).toBe(200);
    expect(await deliver(event)).toBe(200);
    expect(await workOff(QUEUES.refundSubscriptionCancel)).toBe(1);
    const updates = double.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${order.subscriptionId}`,
    );
    expect(updates).toHaveLength(1);
    expect(double.get(order.subscriptionId!)).toMatchObject({ cancel_at_period_end: true, status: "active" });
    expect(await db.subscription.findUniqueOrThrow({ where: { orderId: order.orderId } })).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    const audit = await db.auditLog.findMany({
      where: { targetId: order.orderId, action: "order.cancel_subscription" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: null, details: { cause: "full_refund" } });
  });
});

describe("seat changes in Stripe mode", () => {
  const itemOf = (subscriptionId: string) =>
    (double.get(subscriptionId)?.items as { data: { quantity: number }[] }).data[0]!;
  const updatesOf = (subscriptionId: string) =>
    double.requests.filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscriptionId}`);

  it("a seat refund removes the seat at Stripe without proration, once, even after a failed first answer", async () => {
    const order = await paidOrder("team-training-seat", 3);
    const subscriptionId = order.subscriptionId!;
    const body = {
      orderId: order.orderId,
      amount: 50_000,
      reason: "Unused seat",
      requestKey: requestKey(),
      removeSeats: 1,
    };
    const refundsBefore = double.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds").length;
    // Stripe refunds, then fails on the way to the seat update: the retry with the same key finishes it.
    const read = double.pauseNext("GET", `/v1/subscriptions/${subscriptionId}`);
    const first = routes.refund(adminRequest("/api/admin/orders/refund", { body, cookie: operator.cookie }));
    await read.reached;
    double.failNextRequest();
    read.release();
    expect((await first).status).toBe(502);
    expect(await state(order.orderId)).toMatchObject({ refunds: [{ amount: 50_000, source: "console" }] });
    expect(itemOf(subscriptionId).quantity).toBe(3);
    const again = await routes.refund(adminRequest("/api/admin/orders/refund", { body, cookie: operator.cookie }));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ amount: 50_000, seats: 2 });
    expect(itemOf(subscriptionId).quantity).toBe(2);
    expect(double.invoiceItems(subscriptionId)).toEqual([]);
    const keys = new Set(updatesOf(subscriptionId).map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
    expect(double.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds")).toHaveLength(
      refundsBefore + 1,
    );
    expect(await db.subscription.findUniqueOrThrow({ where: { orderId: order.orderId } })).toMatchObject({
      quantity: 2,
    });
    // Stripe's customer.subscription.updated about it agrees.
    const updated = double.events.filter(
      (e) => e.type === "customer.subscription.updated" && e.data.object.id === subscriptionId,
    );
    expect(await deliver(updated[updated.length - 1]!)).toBe(200);
    expect((await db.subscription.findUniqueOrThrow({ where: { orderId: order.orderId } })).quantity).toBe(2);
  });

  it("retries a seat update whose answer failed with the same key and target", async () => {
    const order = await paidOrder("team-training-seat", 2);
    const subscriptionId = order.subscriptionId!;
    const body = { orderId: order.orderId, seats: 4, reason: "Team grew", requestKey: requestKey() };
    const send = () => routes.seats(adminRequest("/api/admin/orders/seats", { body, cookie: operator.cookie }));
    // The subscription is read first; the update is the second call.
    const read = double.pauseNext("GET", `/v1/subscriptions/${subscriptionId}`);
    const pending = send();
    await read.reached;
    double.failNextRequest();
    read.release();
    expect((await pending).status).toBe(502);
    expect((await db.subscription.findUniqueOrThrow({ where: { orderId: order.orderId } })).quantity).toBe(2);
    const retried = await send();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ seats: 4, previousSeats: 2, endsAtPeriodEnd: false });
    expect(itemOf(subscriptionId).quantity).toBe(4);
    // Added seats are prorated onto the next invoice: one pending item for two seats.
    expect(double.invoiceItems(subscriptionId)).toEqual([expect.objectContaining({ quantity: 2, proration: true })]);
    expect(await db.auditLog.count({ where: { targetId: order.orderId, action: "order.change_seats" } })).toBe(1);
  });
});
