import { describe, expect, it } from "vitest";
import { POST as cancellationRoute } from "@/app/api/billing/cancellation/route";
import { getDb } from "@/lib/platform/server/db";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";
import { buyerSubscriptions } from "@/lib/billing/server/read-buyer-subscriptions";
import { billingSessionOf } from "@/tests/support/email-links";
import { buyerChangesOf } from "@/tests/support/buyer-changes";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { demoPurchase } from "../console/purchase";

// The billing page's self-service on the demo gateway: what the buyer has, cancel at period end and
// resume, each change once in the audit log and once as an outgoing event (decision 0041).

const SEAT = 50_000;

async function signedInSeats(seats = 3) {
  const purchase = await demoPurchase("team-training-seat", seats);
  const order = await getDb().order.findUniqueOrThrow({
    where: { id: purchase.orderId },
    include: { subscription: true },
  });
  const cookie = await billingSessionOf(order.email);
  return { order, subscription: order.subscription!, cookie };
}

const setCancel = (cookie: string | undefined, subscriptionId: string, cancel: boolean) =>
  cancellationRoute(jsonRequest("/api/billing/cancellation", { subscriptionId, cancel }, cookie ? { cookie } : {}));

describe("demo gateway: the buyer's subscriptions on the billing page", () => {
  it("lists the subscription with seats, renewal and the saved card", async () => {
    const { order, subscription } = await signedInSeats(3);
    const [listed] = await buyerSubscriptions(order.email.toUpperCase());
    expect(listed).toMatchObject({
      id: subscription.id,
      orderId: order.id,
      seats: 3,
      status: "active",
      cancelAtPeriodEnd: false,
      nextAmount: 3 * SEAT,
      overdue: null,
      card: { brand: null, last4: "4242" },
    });
    expect(listed!.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);
  });

  it("cancels at period end and resumes, each once, audited by the buyer's hash and sent as an event", async () => {
    const { order, subscription, cookie } = await signedInSeats(2);
    const cancelled = await setCancel(cookie, subscription.id, true);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ success: true, cancelAtPeriodEnd: true });
    const demo = () =>
      getDb().demoSubscription.findUniqueOrThrow({ where: { id: subscription.providerSubscriptionId } });
    expect((await demo()).cancelAtPeriodEnd).toBe(true);
    // Asking again changes nothing and records nothing.
    expect((await setCancel(cookie, subscription.id, true)).status).toBe(200);

    const resumed = await setCancel(cookie, subscription.id, false);
    expect(resumed.status).toBe(200);
    expect((await demo()).cancelAtPeriodEnd).toBe(false);
    const row = await getDb().subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(row.cancelAtPeriodEnd).toBe(false);

    const changes = await buyerChangesOf(order.id);
    expect(changes.audit).toEqual([
      {
        action: "billing.cancel_at_period_end",
        operatorId: null,
        details: {
          actor: "buyer",
          buyer: addressHash(order.email),
          via: "session",
          providerSubscriptionId: subscription.providerSubscriptionId,
        },
      },
      expect.objectContaining({ action: "billing.resumed", operatorId: null }),
    ]);
    expect(JSON.stringify(changes.audit)).not.toContain(order.email);
    expect(changes.events).toMatchObject([
      { change: { kind: "cancel_at_period_end" }, cancelAtPeriodEnd: true, seats: 2, source: "buyer" },
      { change: { kind: "resumed" }, cancelAtPeriodEnd: false },
    ]);
  });

  it("refuses without a session, and another buyer's subscription is not found", async () => {
    const { subscription } = await signedInSeats(1);
    const other = await signedInSeats(1);
    const anonymous = await setCancel(undefined, subscription.id, true);
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe("unauthorized");
    const foreign = await setCancel(other.cookie, subscription.id, true);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).code).toBe("not_found");
    const row = await getDb().subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(row.cancelAtPeriodEnd).toBe(false);
  });

  it("refuses a cross-site POST and an ended subscription's resume", async () => {
    const { subscription, cookie } = await signedInSeats(1);
    const crossSite = await cancellationRoute(
      jsonRequest(
        "/api/billing/cancellation",
        { subscriptionId: subscription.id, cancel: true },
        { cookie, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } },
      ),
    );
    expect(crossSite.status).toBe(403);
    await getDb().subscription.update({
      where: { id: subscription.id },
      data: { status: "canceled", cancelAtPeriodEnd: true },
    });
    const late = await setCancel(cookie, subscription.id, false);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe("not_resumable");
  });
});
