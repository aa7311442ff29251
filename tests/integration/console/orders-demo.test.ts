import { beforeAll, describe, expect, it } from "vitest";
import { POST as refundPost } from "@/app/api/admin/orders/refund/route";
import { POST as cancelPost } from "@/app/api/admin/orders/cancel-subscription/route";
import { getDb } from "@/lib/platform/server/db";
import { verifyHandoffToken } from "@/lib/payments/server/handoff-token";
import { handoffRevoked } from "@/lib/payments/server/handoff-revocation";
import { webhookEventId } from "@/lib/platform/server/webhooks/emit-event";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";
import { demoPurchase, requestKey } from "./purchase";
import { workOff } from "@/tests/support/jobs";
import { QUEUES } from "@/lib/platform/shared/queues";
import { refundSubscriptionCancelJob } from "@/lib/payments/server/refund-subscription-cancel";

// Console refunds and seat cancellation through the demo gateway, called the way the
// order page calls them: full, partial, too much, a double submit, and what the buyer then meets.

let operator: SignedInOperator;
const db = () => getDb();

beforeAll(async () => {
  operator = await signedInOperator();
});

type RefundBody = {
  refundId: string;
  amount: number;
  refundedTotal: number;
  fullyRefunded: boolean;
  status: string;
  error?: { code: string; message: string };
};

async function refund(body: Record<string, unknown>, cookie = operator.cookie, headers?: Record<string, string>) {
  const response = await refundPost(adminRequest("/api/admin/orders/refund", { body, cookie, headers }));
  return { status: response.status, body: (await response.json()) as RefundBody };
}

async function effects(orderId: string) {
  const order = await db().order.findUniqueOrThrow({
    where: { id: orderId },
    include: { account: true, handoffTokens: true, refunds: true },
  });
  return {
    status: order.status,
    refunds: order.refunds.map((r) => ({ amount: r.amount, source: r.source, operatorId: r.operatorId })),
    accountRevoked: order.account?.revokedAt !== null,
    tokensRevoked: order.handoffTokens.every((t) => t.revokedAt !== null),
    refundEmails: await db().outgoingEmail.count({ where: { orderId, template: "refund-confirmation" } }),
    audits: await db().auditLog.count({ where: { targetId: orderId, action: "order.refund" } }),
  };
}

describe("console refund, demo gateway", () => {
  it("refunds in full: REFUNDED, account and token revoked, e-mail, webhook, audit; the buyer is told", async () => {
    const purchase = await demoPurchase();
    const made = await refund({ orderId: purchase.orderId, reason: "Asked within 30 days", requestKey: requestKey() });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ amount: 700, refundedTotal: 700, fullyRefunded: true, status: "REFUNDED" });
    expect(made.body.refundId).toMatch(/^re_demo_/);
    expect(await effects(purchase.orderId)).toEqual({
      status: "REFUNDED",
      refunds: [{ amount: 700, source: "console", operatorId: operator.operatorId }],
      accountRevoked: true,
      tokensRevoked: true,
      refundEmails: 1,
      audits: 1,
    });
    const event = await db().webhookEvent.findUnique({
      where: { id: webhookEventId("order.refunded", purchase.orderId) },
    });
    expect(event?.payload).toMatchObject({
      type: "order.refunded",
      data: { transactionId: purchase.orderId, refund: { amount: 700, fullyRefunded: true, source: "console" } },
    });
    // The buyer's hand-off link still has a good signature, and is refused; the success page too.
    const claims = await verifyHandoffToken(purchase.token);
    expect(await handoffRevoked(claims.jti)).toBe(true);
    const again = await purchase.claim();
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe("order_refunded");
    // Nothing left to refund.
    const more = await refund({ orderId: purchase.orderId, reason: "again", requestKey: requestKey() });
    expect(more.status).toBe(409);
    expect(more.body.error?.code).toBe("not_refundable");
  });

  it("refunds in part: stays SUCCEEDED with the sum shown, keeps the account; over-refund is 400", async () => {
    const purchase = await demoPurchase();
    const part = await refund({ orderId: purchase.orderId, amount: 200, reason: "Goodwill", requestKey: requestKey() });
    expect(part.body).toMatchObject({ amount: 200, refundedTotal: 200, fullyRefunded: false, status: "SUCCEEDED" });
    expect(await effects(purchase.orderId)).toMatchObject({
      status: "SUCCEEDED",
      accountRevoked: false,
      tokensRevoked: false,
      refundEmails: 1,
    });
    expect((await purchase.claim()).status).toBe(200);
    const { jti } = await verifyHandoffToken(purchase.token);
    expect(await handoffRevoked(jti)).toBe(false);

    const over = await refund({ orderId: purchase.orderId, amount: 600, reason: "Too much", requestKey: requestKey() });
    expect(over.status).toBe(400);
    expect(over.body.error).toEqual({
      code: "refund_too_large",
      message: "At most $5 is left to refund on this order.",
    });
    expect(await db().demoRefund.count({ where: { paymentIntentId: purchase.paymentIntentId } })).toBe(1);

    const rest = await refund({ orderId: purchase.orderId, reason: "The rest", requestKey: requestKey() });
    expect(rest.body).toMatchObject({ amount: 500, refundedTotal: 700, fullyRefunded: true, status: "REFUNDED" });
    expect(await effects(purchase.orderId)).toMatchObject({ accountRevoked: true, refundEmails: 2, audits: 2 });
  });

  it("refunds once for a double submit (same key, at once and again later)", async () => {
    const purchase = await demoPurchase();
    const body = { orderId: purchase.orderId, amount: 300, reason: "Double click", requestKey: requestKey() };
    const [a, b] = await Promise.all([refund(body), refund(body)]);
    const c = await refund(body);
    for (const r of [a, b, c]) expect(r.status).toBe(200);
    expect(new Set([a.body.refundId, b.body.refundId, c.body.refundId]).size).toBe(1);
    expect(await effects(purchase.orderId)).toMatchObject({
      status: "SUCCEEDED",
      refunds: [{ amount: 300, source: "console" }],
      refundEmails: 1,
      audits: 1,
    });
    expect(await db().demoRefund.count({ where: { paymentIntentId: purchase.paymentIntentId } })).toBe(1);
  });

  it("refuses without a session (401), cross-site (403), bad input (400), unknown order (404)", async () => {
    const purchase = await demoPurchase();
    const good = { orderId: purchase.orderId, reason: "x", requestKey: requestKey() };
    expect((await refund(good, "")).status).toBe(401);
    expect((await refund(good, operator.cookie, { origin: "https://evil.example" })).status).toBe(403);
    expect((await refund({ ...good, amount: -5 })).status).toBe(400);
    expect((await refund({ ...good, amount: 1.5 })).status).toBe(400);
    expect((await refund({ ...good, reason: "" })).status).toBe(400);
    expect((await refund({ ...good, extra: 1 })).status).toBe(400);
    expect((await refund({ ...good, orderId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await effects(purchase.orderId)).refunds).toEqual([]);
  });
});

describe("seat subscription cancelled at period end, demo gateway", () => {
  it("sets the flag at the gateway and on the order, audited; a one-time order is refused", async () => {
    const seats = await demoPurchase("team-training-seat", 2);
    const cancel = async (orderId: string) => {
      const response = await cancelPost(
        adminRequest("/api/admin/orders/cancel-subscription", { body: { orderId }, cookie: operator.cookie }),
      );
      return { status: response.status, body: (await response.json()) as { cancelAtPeriodEnd?: boolean } };
    };
    const done = await cancel(seats.orderId);
    expect(done.status).toBe(200);
    expect(done.body.cancelAtPeriodEnd).toBe(true);
    const subscription = await db().subscription.findUniqueOrThrow({ where: { orderId: seats.orderId } });
    expect(subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(subscription.currentPeriodEnd).not.toBeNull();
    const demo = await db().demoSubscription.findUniqueOrThrow({ where: { id: subscription.providerSubscriptionId } });
    expect(demo.cancelAtPeriodEnd).toBe(true);
    expect(await db().auditLog.count({ where: { targetId: seats.orderId, action: "order.cancel_subscription" } })).toBe(
      1,
    );
    // The seats stay usable until the period ends.
    expect(await db().issuedAccount.findUnique({ where: { orderId: seats.orderId } })).toMatchObject({
      revokedAt: null,
    });

    const book = await demoPurchase();
    expect((await cancel(book.orderId)).status).toBe(409);
  });

  it("a full refund cancels the seats at period end through the same cancel, audited; then the order is not cancelable twice over", async () => {
    const seats = await demoPurchase("team-training-seat", 2);
    const made = await refund({ orderId: seats.orderId, reason: "Full refund", requestKey: requestKey() });
    expect(made.status).toBe(200);
    expect(made.body.fullyRefunded).toBe(true);
    expect(await workOff(QUEUES.refundSubscriptionCancel)).toBe(1);
    const subscription = await db().subscription.findUniqueOrThrow({ where: { orderId: seats.orderId } });
    expect(subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    const demo = await db().demoSubscription.findUniqueOrThrow({ where: { id: subscription.providerSubscriptionId } });
    expect(demo.cancelAtPeriodEnd).toBe(true);
    const audit = await db().auditLog.findMany({
      where: { targetId: seats.orderId, action: "order.cancel_subscription" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: operator.operatorId, details: { cause: "full_refund" } });
    // A rerun of the job (after a crash) changes nothing.
    await refundSubscriptionCancelJob(
      { orderId: seats.orderId, operatorId: operator.operatorId },
      {
        id: "rerun",
        retryCount: 1,
        retryLimit: 7,
      },
    );
    expect(await db().auditLog.count({ where: { targetId: seats.orderId, action: "order.cancel_subscription" } })).toBe(
      1,
    );
  });

  it("the console may cancel a refunded order's subscription when the refund's job could not", async () => {
    const seats = await demoPurchase("team-training-seat", 1);
    expect((await refund({ orderId: seats.orderId, reason: "Full", requestKey: requestKey() })).status).toBe(200);
    const response = await cancelPost(
      adminRequest("/api/admin/orders/cancel-subscription", {
        body: { orderId: seats.orderId },
        cookie: operator.cookie,
      }),
    );
    expect(response.status).toBe(200);
    // The queued job then finds it done.
    await workOff(QUEUES.refundSubscriptionCancel);
    expect(await db().auditLog.count({ where: { targetId: seats.orderId, action: "order.cancel_subscription" } })).toBe(
      1,
    );
  });
});
