import { beforeAll, describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as refundPost } from "@/app/api/admin/orders/refund/route";
import { funnelReport, type FunnelSegment } from "@/lib/console/server/funnel-report";
import { revenueReport } from "@/lib/console/server/revenue-report";
import { refreshFunnelDays } from "@/lib/leads/server/funnel-rollup";
import { isoDay } from "@/lib/shared/dates";
import { buyer } from "../payments/helpers";
import { optIn, pageView, surveyed } from "./funnel-visitors";
import { demoPurchase, requestKey } from "./purchase";
import { adminRequest, signedInOperator } from "@/tests/support/operator-session";

// Seven visitors walk the funnel through the real routes (tracking, opt-in, survey, demo checkout,
// console refund); every number of the overview's funnel is counted by hand from this list:
//
//   visitor    landing  source  opt-in  survey (qualified)  checkout            paid  net cents
//   bounce     /        ads     —       —                   —                   —     0
//   optIn      /        ads     yes     —                   —                   —     0
//   surveyed   /        news    yes     yes                 —                   —     0
//   abandoned  /        news    yes     yes                 order left PENDING  —     0
//   buyer      /        news    yes     yes                 course 49,700       yes   49,700
//   refunded   /        ads     yes     yes                 course 49,700       yes   0 (refunded in full)
//   book       /paid    ads     —       —                   book 700            yes   700

const from = new Date(Date.now() - 1000);
let range: { from: Date; to: Date };

beforeAll(async () => {
  await pageView("/", "ads");
  await optIn(await pageView("/", "ads"), "ads");
  await surveyed("news");
  const abandoned = await surveyed("news");
  const cart = { ...buyer("ai-step-by-step"), contactId: abandoned.contactId };
  expect((await abandoned.browser.call(createIntent, "/api/create-payment-intent", cart)).status).toBe(200);
  await demoPurchase("ai-step-by-step", 1, await surveyed("news"));
  const refunded = await demoPurchase("ai-step-by-step", 1, await surveyed("ads"));
  await demoPurchase("fast-forward-book", 1, await pageView("/paid", "ads"));
  const operator = await signedInOperator();
  const body = { orderId: refunded.orderId, reason: "Asked within 30 days", requestKey: requestKey() };
  const made = await refundPost(adminRequest("/api/admin/orders/refund", { body, cookie: operator.cookie }));
  expect(made.status).toBe(200);
  range = { from, to: new Date(Date.now() + 1000) };
}, 120_000);

const counts = (segment: FunnelSegment | undefined) =>
  segment && Object.fromEntries(segment.paths.map((p) => [p.path, p.steps.map((s) => s.sessions)]));

describe("the overview funnel over known visitor paths", () => {
  it("counts each path's steps as nested subsets, bounces included", async () => {
    const report = await funnelReport({ ...range, split: "none" });
    expect(report.total.sessions).toBe(7);
    expect(report.total.withoutLanding).toBe(0);
    expect(counts(report.total)).toEqual({ free: [6, 5, 4, 4, 3, 2], paid: [1, 1, 1] });
    const [free, paid] = report.total.paths;
    expect(free?.steps.map((s) => s.conversion)).toEqual([null, 5 / 6, 4 / 5, 1, 3 / 4, 2 / 3]);
    expect(paid?.steps.map((s) => s.conversion)).toEqual([null, 1, 1]);
    for (const step of [...free!.steps, ...paid!.steps]) expect(step.conversion ?? 0).toBeLessThanOrEqual(1);
  });

  it("gives net revenue per session, per step and per source, refunds taken off", async () => {
    const report = await funnelReport({ ...range, split: "utm_source" });
    expect(report.total.netRevenue).toBe(50_400);
    expect(report.total.revenuePerSession).toBe(7_200);
    expect(report.total.offPath).toEqual({ paid: 0, netRevenue: 0 });
    const [free, paid] = report.total.paths;
    expect(free?.steps.map((s) => s.revenuePerSession)).toEqual([
      49_700 / 6,
      49_700 / 5,
      49_700 / 4,
      49_700 / 4,
      49_700 / 3,
      49_700 / 2,
    ]);
    expect(paid?.steps.map((s) => s.revenuePerSession)).toEqual([700, 700, 700]);
    expect(report.sources.map((s) => [s.segment, s.sessions, s.netRevenue, s.revenuePerSession])).toEqual([
      ["ads", 4, 700, 175],
      ["news", 3, 49_700, 49_700 / 3],
    ]);
    expect(Object.fromEntries(report.segments.map((s) => [s.segment, counts(s)]))).toEqual({
      ads: { free: [3, 2, 1, 1, 1, 1], paid: [1, 1, 1] },
      news: { free: [3, 3, 3, 3, 2, 1], paid: [0, 0, 0] },
    });
  });

  it("agrees with the revenue report by order and refund date over the same orders", async () => {
    const revenue = await revenueReport(range);
    const net = revenue.products.reduce((sum, p) => sum + p.net, 0);
    expect(revenue.products.map((p) => [p.productId, p.paidOrders, p.gross, p.refunded])).toEqual([
      ["ai-step-by-step", 2, 99_400, 49_700],
      ["fast-forward-book", 1, 700, 0],
    ]);
    expect(net).toBe((await funnelReport({ ...range, split: "none" })).total.netRevenue);
  });

  it("gives the same numbers from the daily rollup as counted live", async () => {
    const day = {
      from: new Date(`${isoDay(from)}T00:00:00Z`),
      to: new Date(Date.parse(`${isoDay(from)}T00:00:00Z`) + 86_400_000),
    };
    const live = await funnelReport({ ...day, split: "landing" });
    await refreshFunnelDays(isoDay(day.from), isoDay(day.to));
    expect(await funnelReport({ ...day, split: "landing" })).toEqual(live);
    expect(counts(live.total)).toEqual({ free: [6, 5, 4, 4, 3, 2], paid: [1, 1, 1] });
  });
});
