import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { getBoss } from "@/lib/platform/server/jobs/boss";
import { QUEUES } from "@/lib/platform/shared/queues";
import { addOneMonth } from "@/lib/payments/shared/billing-period";
import { advanceDemoClock, demoNow } from "@/lib/payments/server/demo-clock";
import { renewDemoSubscriptions } from "@/lib/payments/server/renew-demo-subscriptions";
import { changePaidSeats } from "@/lib/payments/server/change-paid-seats";
import { cancelOrderSubscription } from "@/lib/payments/server/cancel-subscription";
import { revenueReport } from "@/lib/console/server/revenue-report";
import { revenueTrendReport } from "@/lib/console/server/revenue-trend-report";
import { seatReport } from "@/lib/console/server/seat-report";
import { workOff } from "../../support/jobs";
import { adminRequest, signedInOperator } from "../../support/operator-session";
import { POST as demoClockPost } from "@/app/api/admin/demo-clock/route";
import { demoPurchase, requestKey } from "../console/purchase";
import { subscriptionRecord } from "./helpers";

// The demo gateway bills each period on the card the first payment saved, when its clock passes the
// period end: as Stripe does, the period moves on whatever the payment's outcome, a failed renewal
// leaves the subscription past_due, and one cancelled at period end ends there.

const SEAT = 50_000;
const DECLINES_LATER = "4000 0000 0000 0341";
let operatorId: string;
let ownerCookie: string;

beforeAll(async () => {
  const owner = await signedInOperator({ role: "owner" });
  operatorId = owner.operatorId;
  ownerCookie = owner.cookie;
});

const invoicesOf = (orderId: string) =>
  getDb().subscriptionInvoice.findMany({
    where: { subscription: { orderId } },
    orderBy: { periodStart: "asc" },
  });

/** A month on by the demo clock, then the billing run; answers what it did. */
async function nextMonth() {
  await advanceDemoClock(31);
  return renewDemoSubscriptions();
}

/** The whole range the console could show: from before the first purchase to a day after now. */
const allTime = () => ({ from: new Date(Date.now() - 24 * 3600 * 1000), to: new Date(Date.now() + 24 * 3600 * 1000) });

describe("demo gateway: renewals on the demo clock", () => {
  it("bills three periods, a seat change mid-period and a cancellation at period end, each once", async () => {
    const db = getDb();
    const purchase = await demoPurchase("team-training-seat", 3);
    const first = await subscriptionRecord(purchase.orderId);
    const firstEnd = first.subscription!.currentPeriodEnd!;
    expect(first).toMatchObject({ status: "SUCCEEDED", totalAmount: 3 * SEAT, subscription: { status: "active" } });
    expect(firstEnd.getTime()).toBeGreaterThan((await demoNow()).getTime());
    // Before the period end nothing is due.
    await renewDemoSubscriptions();
    expect(await invoicesOf(purchase.orderId)).toEqual([]);

    await nextMonth();
    const secondEnd = addOneMonth(firstEnd);
    expect(await invoicesOf(purchase.orderId)).toMatchObject([
      { periodStart: firstEnd, periodEnd: secondEnd, quantity: 3, amount: 3 * SEAT, status: "paid" },
    ]);
    const second = await subscriptionRecord(purchase.orderId);
    expect(second).toEqual({
      ...first,
      subscription: { ...first.subscription, status: "active", currentPeriodEnd: secondEnd },
    });

    // Two seats added mid-period: the demo gateway does not prorate, the next period bills five.
    await changePaidSeats(
      { orderId: purchase.orderId, seats: 5, reason: "two more people", requestKey: requestKey() },
      { id: operatorId },
      null,
    );
    await nextMonth();
    const thirdEnd = addOneMonth(secondEnd);
    expect(await invoicesOf(purchase.orderId)).toMatchObject([
      { quantity: 3, amount: 3 * SEAT, status: "paid" },
      { periodStart: secondEnd, periodEnd: thirdEnd, quantity: 5, amount: 5 * SEAT, status: "paid" },
    ]);

    await cancelOrderSubscription(purchase.orderId, { operatorId, ip: null });
    expect((await seatReport()).products.find((p) => p.productId === "team-training-seat")?.seats).toBe(5);
    const counts = await nextMonth();
    expect(counts.ended).toBeGreaterThanOrEqual(1);
    // Ended at the paid period's end: no fourth invoice, the seats leave the MRR, the order stays paid.
    expect(await invoicesOf(purchase.orderId)).toHaveLength(2);
    expect(await subscriptionRecord(purchase.orderId)).toMatchObject({
      status: "SUCCEEDED",
      subscription: { status: "canceled", quantity: 5, currentPeriodEnd: thirdEnd, cancelAtPeriodEnd: true },
    });
    expect(await db.demoSubscription.findUniqueOrThrow({ where: { id: purchase.subscriptionId! } })).toMatchObject({
      status: "canceled",
      currentPeriodEnd: thirdEnd,
    });
    expect((await seatReport()).products.find((p) => p.productId === "team-training-seat")).toBeUndefined();
    // A buyer's later visit re-reads the provider and agrees.
    await purchase.claim();
    expect((await subscriptionRecord(purchase.orderId)).subscription?.status).toBe("canceled");

    // Nothing is billed twice, however often the run repeats.
    expect(await renewDemoSubscriptions()).toEqual({ paid: 0, failed: 0, ended: 0, batches: 0 });
    expect(await invoicesOf(purchase.orderId)).toHaveLength(2);

    // Renewals are revenue: gross is the first month and both renewals.
    const team = (await revenueReport(allTime())).products.find((p) => p.productId === "team-training-seat");
    expect(team).toMatchObject({ paidOrders: 1, renewals: 2, renewalGross: 8 * SEAT, gross: 11 * SEAT });
    expect((await revenueTrendReport(allTime())).total).toBe(11 * SEAT);
  });

  it("fails a renewal on a saved card that declines: past_due, a failed invoice, failed renewal revenue", async () => {
    const purchase = await demoPurchase("team-training-seat", 2, undefined, undefined, DECLINES_LATER);
    const first = await subscriptionRecord(purchase.orderId);
    const before = (await revenueReport(allTime())).products.find((p) => p.productId === "team-training-seat");

    await nextMonth();
    const [failed] = await invoicesOf(purchase.orderId);
    expect(failed).toMatchObject({ quantity: 2, amount: 2 * SEAT, status: "failed", paidAt: null });
    expect(failed?.failedAt).toBeInstanceOf(Date);
    // The period moved on unpaid; the first period's order and account stay as they were.
    expect(await subscriptionRecord(purchase.orderId)).toEqual({
      ...first,
      subscription: {
        ...first.subscription,
        status: "past_due",
        currentPeriodEnd: addOneMonth(first.subscription!.currentPeriodEnd!),
      },
    });
    const intent = await getDb().demoPaymentIntent.findUniqueOrThrow({ where: { id: failed!.providerInvoiceId } });
    expect(intent).toMatchObject({ status: "requires_payment_method", lastErrorCode: "card_declined" });

    const after = (await revenueReport(allTime())).products.find((p) => p.productId === "team-training-seat");
    expect(after?.failedRenewals).toBe((before?.failedRenewals ?? 0) + 1);
    expect(after?.failedRenewalAmount).toBe((before?.failedRenewalAmount ?? 0) + 2 * SEAT);
    expect(after?.gross).toBe(before?.gross);
    // A past_due subscription is not MRR.
    expect((await seatReport()).products.find((p) => p.productId === "team-training-seat")?.seats ?? 0).toBe(0);
  });

  it("runs as the queue's job, which bills what fell due once", async () => {
    const purchase = await demoPurchase("team-training-seat", 1);
    await advanceDemoClock(31);
    await getBoss().send(QUEUES.demoRenewals, {});
    expect(await workOff(QUEUES.demoRenewals)).toBe(1);
    expect(await invoicesOf(purchase.orderId)).toMatchObject([{ status: "paid", amount: SEAT }]);
    await getBoss().send(QUEUES.demoRenewals, {});
    await workOff(QUEUES.demoRenewals);
    expect(await invoicesOf(purchase.orderId)).toHaveLength(1);
  });

  it("is advanced from the console by an owner: bills what fell due, audited", async () => {
    const purchase = await demoPurchase("team-training-seat", 1);
    const before = await demoNow();
    const response = await demoClockPost(
      adminRequest("/api/admin/demo-clock", { body: { days: 31 }, cookie: ownerCookie }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { now: string; renewals: { paid: number } };
    expect(new Date(body.now).getTime()).toBeGreaterThanOrEqual(before.getTime() + 31 * 24 * 3600 * 1000);
    expect(body.renewals.paid).toBeGreaterThanOrEqual(1);
    expect(await invoicesOf(purchase.orderId)).toMatchObject([{ status: "paid", amount: SEAT }]);
    const audit = await getDb().auditLog.findFirst({
      where: { action: "demo.advance_clock" },
      orderBy: { at: "desc" },
    });
    expect(audit).toMatchObject({ operatorId, details: { days: 31, via: "console" } });
    const refused = await demoClockPost(
      adminRequest("/api/admin/demo-clock", { body: { days: 0 }, cookie: ownerCookie }),
    );
    expect(refused.status).toBe(400);
  });
});
