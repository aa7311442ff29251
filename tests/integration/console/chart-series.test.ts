import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { experimentPosterior } from "@/lib/console/server/experiment-posterior-report";
import { getExperimentTotals, resultsOf } from "@/lib/console/server/experiment-results-report";
import { seatReport } from "@/lib/console/server/seat-report";
import { seatSeriesReport } from "@/lib/console/server/seat-series-report";
import type { OrderStatus } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";

// The console's chart series against hand-made May 2031 rows; every expected number is counted
// by hand from the comments below.

const at = (iso: string) => new Date(iso);
const PRODUCT = "team-training-seat";

type SubscriptionSeed = {
  key: string;
  orderStatus: OrderStatus;
  fulfilledAt: string | null;
  status: string;
  quantity: number;
  updatedAt: string;
  currentPeriodEnd?: string;
  refundAt?: string;
  /** Applied unless `applied` is false. */
  changes?: { from: number; to: number; at: string; applied?: boolean }[];
};

const SUBSCRIPTIONS: SubscriptionSeed[] = [
  // a: 3 seats from 04-20, 5 from 05-03 10:00, 4 from 05-05 12:00; an unapplied plan changes nothing.
  {
    key: "a",
    orderStatus: "SUCCEEDED",
    fulfilledAt: "2031-04-20T09:00:00Z",
    status: "active",
    quantity: 4,
    updatedAt: "2031-05-05T12:00:00Z",
    changes: [
      { from: 3, to: 5, at: "2031-05-03T10:00:00Z" },
      { from: 5, to: 4, at: "2031-05-05T12:00:00Z" },
      { from: 4, to: 9, at: "2031-05-06T08:00:00Z", applied: false },
    ],
  },
  // b: 2 seats from 05-02, canceled at its period end (05-06 00:00), touched again later.
  {
    key: "b",
    orderStatus: "SUCCEEDED",
    fulfilledAt: "2031-05-02T08:00:00Z",
    status: "canceled",
    quantity: 2,
    updatedAt: "2031-06-01T00:00:00Z",
    currentPeriodEnd: "2031-05-06T00:00:00Z",
  },
  // c: 1 seat from 04-25 until the full refund on 05-04 15:00.
  {
    key: "c",
    orderStatus: "REFUNDED",
    fulfilledAt: "2031-04-25T09:00:00Z",
    status: "active",
    quantity: 1,
    updatedAt: "2031-04-25T09:00:00Z",
    refundAt: "2031-05-04T15:00:00Z",
  },
  // d: never paid.
  {
    key: "d",
    orderStatus: "PENDING",
    fulfilledAt: null,
    status: "incomplete",
    quantity: 7,
    updatedAt: "2031-05-02T00:00:00Z",
  },
  // e: 6 seats from 05-09, after the week.
  {
    key: "e",
    orderStatus: "SUCCEEDED",
    fulfilledAt: "2031-05-09T09:00:00Z",
    status: "active",
    quantity: 6,
    updatedAt: "2031-05-09T09:00:00Z",
  },
];

async function seedSubscriptions(tag: string): Promise<void> {
  const db = getDb();
  for (const s of SUBSCRIPTIONS) {
    const order = await db.order.create({
      data: {
        contactId: `chart-${tag}-${s.key}`,
        email: `chart-${tag}-${s.key}@example.test`,
        name: "Buyer",
        productId: PRODUCT,
        productName: "Team training",
        isSubscription: true,
        quantity: s.quantity,
        unitPrice: 50_000,
        totalAmount: 50_000 * s.quantity,
        status: s.orderStatus,
        browserId: `b-chart-${tag}-${s.key}`,
        gateway: "demo",
        idempotencyKey: `chart-${tag}-${s.key}`,
        fulfilledAt: s.fulfilledAt ? at(s.fulfilledAt) : null,
        createdAt: at(s.fulfilledAt ?? s.updatedAt),
      },
    });
    const subscription = await db.subscription.create({
      data: {
        orderId: order.id,
        providerSubscriptionId: `sub_chart_${tag}_${s.key}`,
        quantity: s.quantity,
        status: s.status,
        currentPeriodEnd: s.currentPeriodEnd ? at(s.currentPeriodEnd) : null,
      },
    });
    await db.$executeRaw`UPDATE subscriptions SET updated_at = ${at(s.updatedAt)} WHERE id = ${subscription.id}::uuid`;
    for (const [i, c] of (s.changes ?? []).entries()) {
      await db.seatChange.create({
        data: {
          orderId: order.id,
          fromQuantity: c.from,
          toQuantity: c.to,
          requestKey: `chart-${tag}-${s.key}-${i}`,
          reason: "test",
          appliedAt: c.applied === false ? null : at(c.at),
          createdAt: at(c.at),
        },
      });
    }
    if (s.refundAt) {
      await db.refund.create({
        data: {
          orderId: order.id,
          amount: order.totalAmount,
          currency: "usd",
          providerRefundId: `re_chart_${tag}_${s.key}`,
          source: "console",
          createdAt: at(s.refundAt),
        },
      });
    }
  }
}

/** Control: c1 opts in on 05-01, c2 does not, c3 (05-02) opts in; b: b1 (05-01) no, b2 (05-03) yes, b3 no; b4 after the stop. */
const EXPOSURES: { browser: string; variant: string; at: string; optIn: boolean }[] = [
  { browser: "c1", variant: "control", at: "2031-05-01T08:00:00Z", optIn: true },
  { browser: "c2", variant: "control", at: "2031-05-01T09:00:00Z", optIn: false },
  { browser: "c3", variant: "control", at: "2031-05-02T23:59:59.999Z", optIn: true },
  { browser: "b1", variant: "b", at: "2031-05-01T10:00:00Z", optIn: false },
  { browser: "b2", variant: "b", at: "2031-05-03T10:00:00Z", optIn: true },
  { browser: "b3", variant: "b", at: "2031-05-03T11:00:00Z", optIn: false },
  { browser: "b4", variant: "b", at: "2031-05-04T00:00:00Z", optIn: true },
];

async function seedExperiment(tag: string): Promise<string> {
  const db = getDb();
  const experiment = await db.experiment.create({
    data: {
      key: `chart-${tag}`,
      surface: "landing",
      variants: [
        { key: "control", weight: 1 },
        { key: "b", weight: 1 },
      ],
      primaryMetric: "opt_in",
      status: "stopped",
      startedAt: at("2031-05-01T00:00:00Z"),
      stoppedAt: at("2031-05-04T00:00:00Z"),
    },
  });
  for (const e of EXPOSURES) {
    const browserId = `b-chart-${tag}-${e.browser}`;
    await db.experimentExposure.create({
      data: { experimentId: experiment.id, browserId, variant: e.variant, exposedAt: at(e.at) },
    });
    const prospect = e.optIn
      ? await db.prospect.create({
          data: {
            email: `chart-${tag}-${e.browser}@example.test`,
            name: "Lead",
            firstName: "Lead",
            lastName: e.browser,
            createdAt: at(e.at),
          },
        })
      : null;
    await db.funnelSession.create({
      data: {
        id: `chart-${tag}-${e.browser}`,
        browserId,
        prospectId: prospect?.id ?? null,
        startedAt: at(e.at),
        lastSeenAt: new Date(at(e.at).getTime() + 60_000),
      },
    });
  }
  return experiment.id;
}

let experimentId = "";
beforeAll(async () => {
  const tag = randomUUID().slice(0, 8);
  await seedSubscriptions(tag);
  experimentId = await seedExperiment(tag);
});

describe("seat series", () => {
  it("counts seats and MRR at the end of each day from subscriptions and applied seat changes", async () => {
    // every seeded subscription's order was priced at 50,000 cents a seat
    const price = 50_000;
    const { days } = await seatSeriesReport({ from: at("2031-05-01T00:00:00Z"), to: at("2031-05-08T00:00:00Z") });
    expect(days.map((d) => [d.day, d.seats])).toEqual([
      ["2031-05-01", 4], // a 3 + c 1
      ["2031-05-02", 6], // + b 2
      ["2031-05-03", 8], // a 5
      ["2031-05-04", 7], // c refunded
      ["2031-05-05", 6], // a 4
      ["2031-05-06", 4], // b ended at midnight
      ["2031-05-07", 4],
    ]);
    expect(days.map((d) => d.mrr)).toEqual(days.map((d) => d.seats * price));
  });

  it("agrees with the seat report's snapshot once every seeded change has happened", async () => {
    const { days } = await seatSeriesReport({ from: at("2031-06-10T00:00:00Z"), to: at("2031-06-12T00:00:00Z") });
    const snapshot = await seatReport();
    // a 4 + e 6.
    expect(snapshot.seats).toBe(10);
    expect(days.at(-1)).toMatchObject({ seats: snapshot.seats, mrr: snapshot.mrr });
  });
});

describe("posterior series", () => {
  it("accumulates each variant's exposed visitors and opt-ins per day up to the stop", async () => {
    const totals = await getExperimentTotals(experimentId);
    if (!totals) throw new Error("seeded experiment missing");
    const days = experimentPosterior(totals);
    expect(days.map((d) => [d.day, d.arms.map((a) => [a.key, a.visitors, a.conversions])])).toEqual([
      [
        "2031-05-01",
        [
          ["control", 2, 1],
          ["b", 1, 0],
        ],
      ],
      [
        "2031-05-02",
        [
          ["control", 3, 2],
          ["b", 1, 0],
        ],
      ],
      [
        "2031-05-03",
        [
          ["control", 3, 2],
          ["b", 3, 1],
        ],
      ],
    ]);
    // Beta(1 + 2, 1 + 1) and Beta(1 + 1, 1 + 2).
    expect(days[2]?.arms.map((a) => a.mean)).toEqual([3 / 5, 2 / 5]);
    expect(days.every((d) => !d.reached)).toBe(true);

    // The results table's totals are the sum of the same days.
    expect(resultsOf(totals).variants.map((v) => [v.key, v.visitors, v.steps.opt_in])).toEqual([
      ["control", 3, 2],
      ["b", 3, 1],
    ]);
  });
});
