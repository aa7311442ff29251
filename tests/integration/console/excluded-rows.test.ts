import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as leadFlagRoute } from "@/app/api/admin/leads/flag/route";
import { POST as orderFlagRoute } from "@/app/api/admin/orders/flag/route";
import { funnelReport } from "@/lib/console/server/funnel-report";
import { revenueReport } from "@/lib/console/server/revenue-report";
import { seatReport } from "@/lib/console/server/seat-report";
import { leadsPerDayReport } from "@/lib/console/server/leads-per-day-report";
import { revenueTrendReport } from "@/lib/console/server/revenue-trend-report";
import { seatSeriesReport } from "@/lib/console/server/seat-series-report";
import { countLeads, leadsPage } from "@/lib/console/server/leads-list";
import { listOrders, orderTotals } from "@/lib/console/server/orders-list";
import { exportQuery, exportRowCount, type ExportKind } from "@/lib/console/server/lead-exports";
import { orderExportQuery } from "@/lib/console/server/order-exports";
import { getExperimentTotals } from "@/lib/console/server/experiment-results-report";
import { runFunnelRollup } from "@/lib/leads/server/funnel-rollup";
import { defaultReportDb } from "@/lib/platform/server/report-db";
import { getDb } from "@/lib/platform/server/db";
import type { LeadFilter } from "@/lib/leads/shared/lead-filter";
import type { FlaggedView } from "@/lib/shared/excluded-rows";
import { adminRequest, signedInOperator, type SignedInOperator } from "@/tests/support/operator-session";

// A normal, a test and a spam lead, each with a paid seat order, a session and a split-test
// exposure on one day: every report, list and export counts the normal one only, unless a list
// asks for the flagged ones. The day is rolled up before the flags are set, so the rollup must
// recount it.

const DAY = { from: new Date("2032-05-10T00:00:00Z"), to: new Date("2032-05-11T00:00:00Z") };
/** Starts a millisecond into the day: counted live, not from the rollup. */
const LIVE = { from: new Date("2032-05-10T00:00:00.001Z"), to: DAY.to };
const NOW = new Date("2032-06-30T12:00:00Z");
const SEAT_CENTS = 50_000;
const REFUND_CENTS = 10_000;
const KINDS = ["normal", "test", "spam"] as const;

let operator: SignedInOperator;
let experimentId = "";
const leads = new Map<(typeof KINDS)[number], { leadId: string; orderId: string }>();
let rolledBeforeFlags = 0;

async function seed(kind: (typeof KINDS)[number], tag: string): Promise<void> {
  const db = getDb();
  const leadId = randomUUID();
  const session = `flags-${tag}-${kind}`;
  await db.prospect.create({
    data: {
      id: leadId,
      email: `flags-${tag}-${kind}@example.test`,
      name: `Lead ${kind}`,
      firstName: "Lead",
      lastName: kind,
      createdAt: new Date("2032-05-10T14:00:00Z"),
    },
  });
  await db.funnelSession.create({
    data: { id: session, browserId: `b-${session}`, prospectId: leadId, startedAt: new Date("2032-05-10T13:00:00Z") },
  });
  await db.funnelEvent.create({
    data: {
      sessionId: session,
      step: 1,
      action: "page_load",
      data: { page: "/", referrer: null, viewport: "desktop" },
      clientTimestamp: new Date("2032-05-10T13:00:00Z"),
      receivedAt: new Date("2032-05-10T13:00:00Z"),
    },
  });
  const order = await db.order.create({
    data: {
      contactId: session,
      prospectId: leadId,
      email: `flags-${tag}-${kind}@example.test`,
      name: `Lead ${kind}`,
      productId: "team-training-seat",
      productName: "Team training seat",
      isSubscription: true,
      quantity: 1,
      unitPrice: SEAT_CENTS,
      totalAmount: SEAT_CENTS,
      status: "SUCCEEDED",
      browserId: `b-${session}`,
      gateway: "demo",
      idempotencyKey: `flags-${tag}-${kind}`,
      createdAt: new Date("2032-05-10T14:30:00Z"),
      fulfilledAt: new Date("2032-05-10T14:31:00Z"),
    },
  });
  // A flagged order's refund must not count either (it would take from the day's net).
  if (kind === "test")
    await db.refund.create({
      data: {
        orderId: order.id,
        amount: REFUND_CENTS,
        currency: "usd",
        providerRefundId: `re_flags_${tag}`,
        source: "console",
        createdAt: new Date("2032-05-10T15:00:00Z"),
      },
    });
  await db.subscription.create({
    data: { orderId: order.id, providerSubscriptionId: `sub_flags_${tag}_${kind}`, quantity: 1, status: "active" },
  });
  await db.experimentExposure.create({
    data: { experimentId, browserId: `b-${session}`, variant: "a", exposedAt: new Date("2032-05-10T12:59:00Z") },
  });
  leads.set(kind, { leadId, orderId: order.id });
}

async function call(route: (request: Request) => Promise<Response>, path: string, body: object) {
  const response = await route(adminRequest(path, { body, cookie: operator.cookie }));
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const ids = (kind: (typeof KINDS)[number]) => leads.get(kind) ?? { leadId: "", orderId: "" };

beforeAll(async () => {
  operator = await signedInOperator();
  const tag = randomUUID().slice(0, 8);
  const experiment = await getDb().experiment.create({
    data: {
      key: `flags-${tag}`,
      surface: "offer",
      variants: [
        { key: "a", weight: 1 },
        { key: "b", weight: 1 },
      ],
      primaryMetric: "paid",
      status: "running",
      startedAt: new Date("2032-05-01T00:00:00Z"),
    },
  });
  experimentId = experiment.id;
  for (const kind of KINDS) await seed(kind, tag);
  await runFunnelRollup(NOW);
  rolledBeforeFlags = (await funnelReport({ ...DAY, split: "none" })).total.sessions;
  for (const kind of ["test", "spam"] as const) {
    const { leadId, orderId } = ids(kind);
    expect((await call(leadFlagRoute, "/api/admin/leads/flag", { id: leadId, excludedAs: kind })).status).toBe(200);
    const order = await call(orderFlagRoute, "/api/admin/orders/flag", { orderId, excludedAs: kind });
    expect(order).toEqual({ status: 200, json: { excludedAs: kind } });
  }
  await runFunnelRollup(NOW);
});

describe("reports leave test and spam out", () => {
  it("the overview funnel, from the rollup (the day recounted after the flags) and live", async () => {
    expect(rolledBeforeFlags).toBe(3);
    for (const range of [DAY, LIVE]) {
      const report = await funnelReport({ ...range, split: "none" });
      expect(report.total.sessions).toBe(1);
      expect(report.total.paths[0]?.steps.map((s) => s.sessions)).toEqual([1, 1, 0, 0, 0, 0]);
      expect(report.total.offPath.paid).toBe(1);
      expect(report.total.netRevenue).toBe(SEAT_CENTS);
    }
  });

  it("revenue, seats and MRR, and leads per day (rolled up and live)", async () => {
    const revenue = await revenueReport(DAY);
    expect(revenue.products.map((p) => [p.productId, p.paidOrders, p.gross])).toEqual([
      ["team-training-seat", 1, SEAT_CENTS],
    ]);
    const seats = await seatReport();
    expect([seats.subscriptions, seats.seats]).toEqual([1, 1]);
    expect((await leadsPerDayReport(DAY)).total).toBe(1);
    expect((await leadsPerDayReport(LIVE)).total).toBe(1);
  });

  it("the overview's charts: net revenue per day, and seats and MRR per day", async () => {
    const trend = await revenueTrendReport(DAY);
    expect(trend.days.map((d) => [d.day, d.value])).toEqual([["2032-05-10", SEAT_CENTS]]);
    expect(trend.total).toBe(SEAT_CENTS);
    const series = await seatSeriesReport(DAY);
    expect(series.days.map((d) => [d.day, d.seats])).toEqual([["2032-05-10", 1]]);
  });

  it("split-test results: a flagged browser is no visitor", async () => {
    const totals = await getExperimentTotals(experimentId);
    const a = totals?.variants.find((v) => v.key === "a");
    expect(a?.visitors).toBe(1);
    expect(a?.steps.paid).toBe(1);
    expect(a?.netRevenue).toBe(SEAT_CENTS);
  });
});

describe("lists and exports leave them out unless asked", () => {
  const leadView = async (flagged: FlaggedView) => {
    const filter: LeadFilter = flagged ? { flagged } : {};
    const page = await leadsPage(filter, null);
    return { names: page.leads.map((l) => [l.name, l.excludedAs]).sort(), count: (await countLeads(filter)).count };
  };

  it("the leads list and its count, with the flagged ones tagged when shown", async () => {
    expect(await leadView(undefined)).toEqual({ names: [["Lead normal", null]], count: 1 });
    expect((await leadView("include")).names).toEqual([
      ["Lead normal", null],
      ["Lead spam", "spam"],
      ["Lead test", "test"],
    ]);
    // Their flagged orders are no paid orders, even when the flagged leads are shown.
    const paid = (await leadsPage({ flagged: "include" }, null)).leads.map((l) => [l.name, l.paidOrders]).sort();
    expect(paid).toEqual([
      ["Lead normal", 1],
      ["Lead spam", 0],
      ["Lead test", 0],
    ]);
    expect(await leadView("only")).toEqual({
      names: [
        ["Lead spam", "spam"],
        ["Lead test", "test"],
      ],
      count: 2,
    });
  });

  it("the orders list and its totals", async () => {
    const page = await listOrders({});
    expect(page.rows.map((r) => [r.name, r.excludedAs])).toEqual([["Lead normal", null]]);
    expect(await orderTotals({})).toEqual({ orders: 1, gross: SEAT_CENTS, refunded: 0, net: SEAT_CENTS });
    expect((await orderTotals({ flagged: "include" })).orders).toBe(3);
    const only = await listOrders({ flagged: "only" });
    expect(only.rows.map((r) => r.excludedAs).sort()).toEqual(["spam", "test"]);
  });

  it("the lead exports (leads, their orders, their events) and the orders export", async () => {
    const rows = (kind: ExportKind, filter: LeadFilter = {}) => exportRowCount(exportQuery(kind, filter));
    expect([await rows("leads"), await rows("orders"), await rows("events")]).toEqual([1, 1, 1]);
    expect([await rows("leads", { flagged: "include" }), await rows("orders", { flagged: "only" })]).toEqual([3, 2]);
    const db = defaultReportDb();
    const orders = orderExportQuery({});
    const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${orders.sql}) x`, orders.params);
    expect(counted.rows[0]?.n).toBe(1);
    const all = orderExportQuery({ flagged: "include" });
    const flags = await db.query<{ excluded_as: string }>(`SELECT excluded_as FROM (${all.sql}) x`, all.params);
    expect(flags.rows.map((r) => r.excluded_as).sort()).toEqual(["", "spam", "test"]);
  });
});

describe("the rollup recounts a flagged lead's day", () => {
  it("even a lead without a session, whose day no session change would touch", async () => {
    const day = { from: new Date("2032-05-12T00:00:00Z"), to: new Date("2032-05-13T00:00:00Z") };
    const id = randomUUID();
    await getDb().prospect.create({
      data: {
        id,
        email: `flags-lone-${id.slice(0, 8)}@example.test`,
        name: "Lone lead",
        firstName: "Lone",
        lastName: "Lead",
        createdAt: new Date("2032-05-12T09:00:00Z"),
      },
    });
    await runFunnelRollup(NOW);
    await runFunnelRollup(NOW); // the day is rolled up now; this run's refreshed_at is the one the flag must beat
    expect((await leadsPerDayReport(day)).total).toBe(1);
    expect((await call(leadFlagRoute, "/api/admin/leads/flag", { id, excludedAs: "spam" })).status).toBe(200);
    await runFunnelRollup(NOW);
    expect((await leadsPerDayReport(day)).total).toBe(0);
  });
});

describe("a flag marks only its own row", () => {
  it("a flagged lead's unflagged order still counts as revenue; clearing the flag counts the lead again; both audited", async () => {
    const { leadId } = ids("normal");
    expect((await call(leadFlagRoute, "/api/admin/leads/flag", { id: leadId, excludedAs: "test" })).status).toBe(200);
    // The same flag again changes nothing and writes no audit row.
    expect((await call(leadFlagRoute, "/api/admin/leads/flag", { id: leadId, excludedAs: "test" })).status).toBe(200);
    expect((await leadsPerDayReport(LIVE)).total).toBe(0);
    expect((await revenueReport(DAY)).products.map((p) => p.paidOrders)).toEqual([1]);
    expect((await listOrders({})).rows).toHaveLength(1);
    expect((await call(leadFlagRoute, "/api/admin/leads/flag", { id: leadId, excludedAs: null })).status).toBe(200);
    expect((await leadsPerDayReport(LIVE)).total).toBe(1);
    const audits = await getDb().auditLog.findMany({
      where: { targetType: "lead", targetId: leadId },
      orderBy: { id: "asc" },
    });
    expect(audits.map((a) => [a.action, a.details, a.operatorId])).toEqual([
      ["lead.flag", { excludedAs: "test", was: null }, operator.operatorId],
      ["lead.unflag", { excludedAs: null, was: "test" }, operator.operatorId],
    ]);
    const lead = await getDb().prospect.findUniqueOrThrow({ where: { id: leadId } });
    expect([lead.excludedAs, lead.excludedBy, lead.excludedAt]).toEqual([null, null, null]);
  });

  it("stores who flagged an order and when", async () => {
    const order = await getDb().order.findUniqueOrThrow({ where: { id: ids("spam").orderId } });
    expect(order.excludedAs).toBe("spam");
    expect(order.excludedBy).toBe(operator.operatorId);
    expect(order.excludedAt).toBeInstanceOf(Date);
  });

  it("answers an unknown id with not_found and a bad kind with a 400", async () => {
    const missing = await call(orderFlagRoute, "/api/admin/orders/flag", { orderId: randomUUID(), excludedAs: "test" });
    expect([missing.status, (missing.json.error as { code: string }).code]).toEqual([404, "not_found"]);
    const bad = await call(leadFlagRoute, "/api/admin/leads/flag", { id: ids("normal").leadId, excludedAs: "junk" });
    expect(bad.status).toBe(400);
  });
});
