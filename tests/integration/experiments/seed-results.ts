import { randomUUID } from "node:crypto";
import type { OrderStatus } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";

// A hand-made split test in April 2034 for experiment-results.test.ts.
// Experiment "main" (offer surface, stopped 04-20): countdown (control, 50), add-to-order (30),
// team (20, nobody exposed). Experiment "other" (landing, a draft, never stopped): free, paid.
// Browsers:
//   A  main/countdown 04-02 10:00. One session across the exposure: lead, survey (not
//      qualified), shown the offer, checkout_click. Paid 497.00, 100.00 refunded: net 397.00.
//   B  main/countdown 04-03 12:00. Converted BEFORE the exposure (session B1 ended 04-01: lead,
//      qualified survey, a paid book): none of it counts. After it, session B2: a checkout_click
//      and a paid course refunded in full: checkout and paid, net 0.
//   C  main/countdown 04-04 09:00. Two sessions after the exposure, both registered and surveyed
//      (counted once), C2 shown the offer. Two paid orders, 497.00 and 7.00: net 504.00.
//   D  main/countdown 04-06. No session, no order.
//   E  main/countdown 04-10 and other/free 04-09. Session E1 (lead) before main's stop; session
//      E2 (checkout_click) and a paid course 04-21, after main's stop: main counts the lead only,
//      other (not stopped) counts all of it (net 497.00).
//   G  main/add-to-order 04-02 14:00. Registered 13:55 in the session that was then shown the
//      offer (the offer surface's normal path: counts as opted in); survey; a FAILED order:
//      checkout, not paid.
//   H  main/add-to-order 04-08 and other/paid 04-07. Lead, checkout_click, a 2-seat order of
//      1,000.00 refunded 250.00 twice: net 500.00.
//   I  other/free 04-11 only. Lead, a paid book 7.00: not in main.

export const MAIN_VARIANTS = [
  { key: "countdown", weight: 50 },
  { key: "add-to-order", weight: 30 },
  { key: "team", weight: 20 },
];
export const OTHER_VARIANTS = [
  { key: "free", weight: 1 },
  { key: "paid", weight: 1 },
];

const at = (iso: string) => new Date(`2034-${iso}Z`);

type SessionSeed = {
  browser: string;
  id: string;
  start: string;
  end: string;
  lead?: boolean;
  offer?: string;
  survey?: boolean[];
  click?: boolean;
};
const SESSIONS: SessionSeed[] = [
  {
    browser: "A",
    id: "A1",
    start: "04-02T09:55:00",
    end: "04-02T10:30:00",
    lead: true,
    offer: "countdown",
    survey: [false],
    click: true,
  },
  { browser: "B", id: "B1", start: "04-01T08:00:00", end: "04-01T08:30:00", lead: true, survey: [true], click: true },
  { browser: "B", id: "B2", start: "04-03T11:59:00", end: "04-03T12:10:00", click: true },
  { browser: "C", id: "C1", start: "04-04T09:00:00", end: "04-04T09:10:00", lead: true, survey: [true] },
  {
    browser: "C",
    id: "C2",
    start: "04-05T10:00:00",
    end: "04-05T10:05:00",
    lead: true,
    offer: "countdown",
    survey: [false],
  },
  { browser: "E", id: "E1", start: "04-10T08:00:00", end: "04-10T08:20:00", lead: true },
  { browser: "E", id: "E2", start: "04-21T08:00:00", end: "04-21T08:20:00", click: true },
  {
    browser: "G",
    id: "G1",
    start: "04-02T13:50:00",
    end: "04-02T14:15:00",
    lead: true,
    offer: "add-to-order",
    survey: [false],
  },
  { browser: "H", id: "H1", start: "04-08T10:00:00", end: "04-08T10:30:00", lead: true, click: true },
  { browser: "I", id: "I1", start: "04-11T10:00:00", end: "04-11T10:30:00", lead: true },
];

type OrderSeed = {
  browser: string;
  total: number;
  quantity?: number;
  status: OrderStatus;
  at: string;
  refunds?: number[];
};
const ORDERS: OrderSeed[] = [
  { browser: "A", total: 49_700, status: "SUCCEEDED", at: "04-02T10:20:00", refunds: [10_000] },
  { browser: "B", total: 700, status: "SUCCEEDED", at: "04-01T08:20:00" },
  { browser: "B", total: 49_700, status: "REFUNDED", at: "04-03T12:05:00", refunds: [49_700] },
  { browser: "C", total: 49_700, status: "SUCCEEDED", at: "04-05T10:03:00" },
  { browser: "C", total: 700, status: "SUCCEEDED", at: "04-06T11:00:00" },
  { browser: "E", total: 49_700, status: "SUCCEEDED", at: "04-21T08:10:00" },
  { browser: "G", total: 49_700, status: "FAILED", at: "04-02T14:10:00" },
  { browser: "H", total: 100_000, quantity: 2, status: "SUCCEEDED", at: "04-08T10:20:00", refunds: [25_000, 25_000] },
  { browser: "I", total: 700, status: "SUCCEEDED", at: "04-11T10:20:00" },
];

const EXPOSURES: [experiment: "main" | "other", browser: string, variant: string, at: string][] = [
  ["main", "A", "countdown", "04-02T10:00:00"],
  ["main", "B", "countdown", "04-03T12:00:00"],
  ["main", "C", "countdown", "04-04T09:00:00"],
  ["main", "D", "countdown", "04-06T00:00:00"],
  ["main", "E", "countdown", "04-10T08:00:00"],
  ["main", "G", "add-to-order", "04-02T14:00:00"],
  ["main", "H", "add-to-order", "04-08T09:00:00"],
  ["other", "E", "free", "04-09T00:00:00"],
  ["other", "H", "paid", "04-07T00:00:00"],
  ["other", "I", "free", "04-11T09:00:00"],
];

export type SeededExperiments = { main: string; other: string };

export async function seedExperimentResults(): Promise<SeededExperiments> {
  const db = getDb();
  const tag = randomUUID().slice(0, 8);
  const browser = (key: string) => `xr-${tag}-${key}`;
  const main = await db.experiment.create({
    data: {
      key: `xr-${tag}-main`,
      surface: "offer",
      variants: MAIN_VARIANTS,
      primaryMetric: "revenue",
      status: "stopped",
      startedAt: at("04-01T00:00:00"),
      stoppedAt: at("04-20T00:00:00"),
      rolledOutVariant: "countdown",
    },
  });
  const other = await db.experiment.create({
    data: { key: `xr-${tag}-other`, surface: "landing", variants: OTHER_VARIANTS, primaryMetric: "opt_in" },
  });
  const ids = { main: main.id, other: other.id };
  await db.experimentExposure.createMany({
    data: EXPOSURES.map(([experiment, b, variant, when]) => ({
      experimentId: ids[experiment],
      browserId: browser(b),
      variant,
      exposedAt: at(when),
    })),
  });
  const leads = new Map<string, string>();
  for (const s of SESSIONS) {
    let prospectId: string | undefined;
    if (s.lead) {
      prospectId = leads.get(s.browser) ?? randomUUID();
      if (!leads.has(s.browser)) {
        leads.set(s.browser, prospectId);
        await db.prospect.create({
          data: {
            id: prospectId,
            email: `xr-${tag}-${s.browser}@example.test`,
            name: `Lead ${s.browser}`,
            firstName: "Lead",
            lastName: s.browser,
            createdAt: at(s.start),
          },
        });
      }
    }
    const id = `xr-${tag}-${s.id}`;
    await db.funnelSession.create({
      data: {
        id,
        browserId: browser(s.browser),
        prospectId,
        startedAt: at(s.start),
        lastSeenAt: at(s.end),
        offerVariant: s.offer,
      },
    });
    for (const qualified of s.survey ?? [])
      await db.surveyResponse.create({
        data: {
          sessionId: id,
          prospectId,
          track: "BUSINESS_OWNER",
          qualified,
          ruleVersion: "test",
          createdAt: at(s.start),
        },
      });
    if (s.click)
      await db.funnelEvent.create({
        data: {
          sessionId: id,
          step: 6,
          action: "checkout_click",
          data: { target: "/checkout", button: "buy" },
          clientTimestamp: at(s.start),
          receivedAt: at(s.start),
        },
      });
  }
  for (const [i, o] of ORDERS.entries()) {
    const quantity = o.quantity ?? 1;
    const paid = o.status === "SUCCEEDED" || o.status === "REFUNDED";
    const order = await db.order.create({
      data: {
        contactId: `xr-${tag}-${o.browser}-contact`,
        email: `xr-${tag}-${o.browser}@example.test`,
        name: `Buyer ${o.browser}`,
        productId: quantity > 1 ? "team-training-seat" : "ai-step-by-step",
        productName: "Product",
        isSubscription: false,
        quantity,
        unitPrice: o.total / quantity,
        totalAmount: o.total,
        status: o.status,
        browserId: browser(o.browser),
        gateway: "demo",
        idempotencyKey: `xr-${tag}-${i}`,
        fulfilledAt: paid ? at(o.at) : null,
        createdAt: at(o.at),
      },
    });
    for (const [j, amount] of (o.refunds ?? []).entries())
      await db.refund.create({
        data: {
          orderId: order.id,
          amount,
          currency: "usd",
          providerRefundId: `re_xr_${tag}_${i}_${j}`,
          source: "console",
          createdAt: at(o.at),
        },
      });
  }
  return ids;
}
