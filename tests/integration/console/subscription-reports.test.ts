import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { billingHistory } from "@/lib/console/server/billing-history";
import { churnReport } from "@/lib/console/server/churn-report";
import { renewalRecoveryReport } from "@/lib/console/server/renewal-recovery-report";
import { listSubscriptions } from "@/lib/console/server/subscriptions-list";
import { parseSubscriptionFilters } from "@/lib/console/shared/subscription-filters";
import { seedSubscriptions, SEAT } from "./seed-subscriptions";

// The console's subscription reports against the hand-made set in seed-subscriptions.ts; every
// expected number is counted by hand from that file's comments.

let seeded: Awaited<ReturnType<typeof seedSubscriptions>>;

beforeAll(async () => {
  seeded = await seedSubscriptions();
});

const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });

describe("failed and recovered renewals", () => {
  it("counts failures by the failure date, recovered or not, and leaves the flagged order out", async () => {
    const march = await renewalRecoveryReport(range("2031-03-01T00:00:00Z", "2031-04-01T00:00:00Z"));
    // A2 (failed Mar 10, since paid) and C1 (Mar 5, unpaid); B1 failed a millisecond before March; D is flagged.
    expect(march.currencies).toEqual([
      {
        currency: "usd",
        failed: 2,
        failedAmount: 40_000,
        stillUnpaid: 1,
        stillUnpaidAmount: 20_000,
        // A2 was paid Apr 1 00:00, the range's end, so not in March.
        recovered: 0,
        recoveredAmount: 0,
      },
    ]);
  });

  it("counts a recovery by the day it was paid, and a failure on the range's last millisecond", async () => {
    const april = await renewalRecoveryReport(range("2031-04-01T00:00:00Z", "2031-05-01T00:00:00Z"));
    expect(april.currencies).toEqual([
      {
        currency: "usd",
        failed: 0,
        failedAmount: 0,
        stillUnpaid: 0,
        stillUnpaidAmount: 0,
        recovered: 1,
        recoveredAmount: 20_000,
      },
    ]);
    const february = await renewalRecoveryReport(range("2031-02-01T00:00:00Z", "2031-03-01T00:00:00Z"));
    // B1 only; A1 was paid without failing first, so it is no recovery.
    expect(february.currencies.map((c) => [c.failed, c.failedAmount, c.stillUnpaid, c.recovered])).toEqual([
      [1, 10_000, 1, 0],
    ]);
  });
});

describe("churn by month", () => {
  it("counts active, new and ended subscriptions and the MRR lost, month by month", async () => {
    // A range from mid-January to March 10 still counts the three months whole.
    const { months } = await churnReport(range("2031-01-15T00:00:00Z", "2031-03-10T00:00:00Z"));
    expect(months).toEqual([
      {
        month: "2031-01",
        activeAtStart: 0,
        started: 2, // A, B (D is flagged, E never paid)
        ended: 0,
        logoChurn: null,
        mrrAtStart: 0,
        endedMrr: 0,
        contractionMrr: 0,
        revenueChurn: null,
      },
      {
        month: "2031-02",
        activeAtStart: 2,
        started: 1, // C
        ended: 0,
        logoChurn: 0,
        mrrAtStart: 4 * SEAT, // A's 3 seats before its decrease, B's 1
        endedMrr: 0,
        contractionMrr: SEAT, // A: 3 -> 2 on Feb 15
        revenueChurn: 0.25,
      },
      {
        month: "2031-03",
        activeAtStart: 3,
        started: 0,
        ended: 1, // B, on the month's last millisecond
        logoChurn: 1 / 3,
        mrrAtStart: 5 * SEAT, // A 2, B 1, C 2
        endedMrr: SEAT,
        contractionMrr: 0,
        revenueChurn: 0.2,
      },
    ]);
  });

  it("stamps ended_at when a status turns canceled, whichever path writes it, and keeps it", async () => {
    const { sC } = seeded.subs;
    const before = Date.now();
    // The demo renewals and the syncs write the status by plain UPDATEs like this one.
    await getDb().$executeRawUnsafe(`UPDATE subscriptions SET status = 'canceled' WHERE id = $1::uuid`, sC.id);
    const ended = await getDb().subscription.findUniqueOrThrow({ where: { id: sC.id } });
    expect(ended.endedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await getDb().subscription.update({ where: { id: sC.id }, data: { quantity: 1 } });
    const later = await getDb().subscription.findUniqueOrThrow({ where: { id: sC.id } });
    expect(later.endedAt).toEqual(ended.endedAt);
    await getDb().subscription.update({
      where: { id: sC.id },
      data: { status: "past_due", quantity: 2, endedAt: null },
    });
    expect((await getDb().subscription.findUniqueOrThrow({ where: { id: sC.id } })).endedAt).toBeNull();
  });
});

describe("subscriptions list", () => {
  it("pages newest first by the cursor and leaves the flagged order out", async () => {
    const first = await listSubscriptions(parseSubscriptionFilters({}), 2);
    expect(first.rows.map((r) => r.orderId)).toEqual([seeded.orders.oE.id, seeded.orders.oC.id]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listSubscriptions(parseSubscriptionFilters({ after: first.nextCursor ?? "" }), 2);
    expect(second.rows.map((r) => r.orderId)).toEqual([seeded.orders.oB.id, seeded.orders.oA.id]);
    expect(second.nextCursor).toBeNull();
    const flagged = await listSubscriptions(parseSubscriptionFilters({ flagged: "only" }));
    expect(flagged.rows.map((r) => r.orderId)).toEqual([seeded.orders.oD.id]);
  });

  it("filters by status and shows each subscription's failed payments and what is due", async () => {
    const pastDue = await listSubscriptions(parseSubscriptionFilters({ status: "past_due" }));
    expect(pastDue.rows).toHaveLength(1);
    expect(pastDue.rows[0]).toMatchObject({
      prospectId: seeded.leads.pC,
      seats: 2,
      monthlyAmount: 2 * SEAT,
      failedPayments: 1,
      lastFailedAt: new Date("2031-03-05T12:00:00Z"),
      amountDue: 20_000,
    });
    const all = await listSubscriptions(parseSubscriptionFilters({ status: "nonsense" }));
    const a = all.rows.find((r) => r.orderId === seeded.orders.oA.id);
    // A2 failed and was recovered: counted as a failure, nothing due.
    expect(a).toMatchObject({ failedPayments: 1, lastFailedAt: new Date("2031-03-10T00:00:00Z"), amountDue: 0 });
    const canceled = await listSubscriptions(parseSubscriptionFilters({ status: "canceled" }));
    expect(canceled.rows.map((r) => [r.orderId, r.endedAt])).toEqual([
      [seeded.orders.oB.id, new Date("2031-03-31T23:59:59.999Z")],
    ]);
  });
});

describe("billing history", () => {
  const A_HISTORY = [
    ["order", "2031-01-10T09:00:00.000Z", 30_000],
    ["invoice_paid", "2031-02-10T09:00:00.000Z", 30_000],
    ["seat_change", "2031-02-15T00:00:00.000Z", null],
    ["refund", "2031-02-20T00:00:00.000Z", 5_000],
    ["invoice_failed", "2031-03-10T00:00:00.000Z", 20_000],
    ["order", "2031-03-15T00:00:00.000Z", 700],
    ["invoice_paid", "2031-04-01T00:00:00.000Z", 20_000],
  ];
  const shape = (events: Awaited<ReturnType<typeof billingHistory>>) =>
    events.map((e) => [e.kind, e.at.toISOString(), "amount" in e ? e.amount : null]);

  it("lists a lead's orders, renewals failed and paid, refunds and seat changes in date order", async () => {
    const events = await billingHistory({ leadId: seeded.leads.pA });
    expect(shape(events)).toEqual(A_HISTORY);
    expect(events[2]).toMatchObject({ kind: "seat_change", fromSeats: 3, toSeats: 2 });
    expect(events[0]).toMatchObject({ kind: "order", status: "SUCCEEDED" });
  });

  it("shows the whole buyer's history on any of their orders, and only the order for a buyer with no lead", async () => {
    expect(shape(await billingHistory({ orderId: seeded.orders.book.id }))).toEqual(A_HISTORY);
    expect(shape(await billingHistory({ orderId: seeded.orders.oE.id }))).toEqual([
      ["order", "2031-03-20T00:00:00.000Z", SEAT],
    ]);
    expect(await billingHistory({ orderId: "not-a-uuid" })).toEqual([]);
  });
});
