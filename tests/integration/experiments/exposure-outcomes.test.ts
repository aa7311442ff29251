import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OrderStatus } from "@/lib/generated/prisma/client";
import { EXPERIMENT_RESULTS_SQL } from "@/lib/console/server/experiment-results-sql";
import { defaultReportDb } from "@/lib/platform/server/report-db";
import { getDb } from "@/lib/platform/server/db";

// The results read each exposure's outcome, kept by triggers as rows arrive, change and go. Random
// histories, written in random order, must give what counting straight from the source rows
// gives: the query below, which the results ran before outcomes were kept.
const COUNTED_FROM_SOURCE_SQL = `
  WITH x AS (
    SELECT ee.browser_id, ee.variant, ee.exposed_at, to_char(ee.exposed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
      FROM experiment_exposures ee
     WHERE ee.experiment_id = $1::uuid AND ($2::timestamptz IS NULL OR ee.exposed_at < $2::timestamptz)
       AND NOT EXISTS (SELECT 1 FROM funnel_sessions s JOIN prospects p ON p.id = s.prospect_id
                        WHERE s.browser_id = ee.browser_id AND p.excluded_as IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.browser_id = ee.browser_id AND o.excluded_as IS NOT NULL)
  ),
  facts AS (
    SELECT x.browser_id, x.variant, x.day, s.prospect_id IS NOT NULL AS opt_in, r.session_id IS NOT NULL AS survey,
           s.offer_variant IS NOT NULL OR COALESCE(r.qualified, false) AS qualified_or_offer,
           c.session_id IS NOT NULL AS checkout, false AS paid, 0 AS net
      FROM x JOIN funnel_sessions s ON s.browser_id = x.browser_id
      LEFT JOIN survey_responses r ON r.session_id = s.id
      LEFT JOIN funnel_events c ON c.session_id = s.id AND c.action = 'checkout_click'
     WHERE s.last_seen_at >= x.exposed_at AND ($2::timestamptz IS NULL OR s.started_at < $2::timestamptz)
    UNION ALL
    SELECT x.browser_id, x.variant, x.day, false, false, false, true, o.status IN ('SUCCEEDED', 'REFUNDED'),
           CASE WHEN o.status IN ('SUCCEEDED', 'REFUNDED')
                THEN o.total_amount - COALESCE((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id), 0)
                ELSE 0 END
      FROM x JOIN orders o ON o.browser_id = x.browser_id
     WHERE o.created_at >= x.exposed_at AND ($2::timestamptz IS NULL OR o.created_at < $2::timestamptz)
  ),
  converted AS (
    SELECT variant, day, bool_or(opt_in) AS opt_in, bool_or(survey) AS survey,
           bool_or(qualified_or_offer) AS qualified_or_offer, bool_or(checkout) AS checkout, bool_or(paid) AS paid,
           sum(net)::numeric AS net
      FROM facts GROUP BY browser_id, variant, day
  ),
  steps AS (
    SELECT variant, day, (count(*) FILTER (WHERE opt_in))::int AS opt_in, (count(*) FILTER (WHERE survey))::int AS survey,
           (count(*) FILTER (WHERE qualified_or_offer))::int AS qualified_or_offer,
           (count(*) FILTER (WHERE checkout))::int AS checkout, (count(*) FILTER (WHERE paid))::int AS paid,
           sum(net) AS revenue_sum, sum(net * net) AS revenue_sum_squares
      FROM converted GROUP BY variant, day
  )
  SELECT e.variant, e.day, e.visitors, COALESCE(s.opt_in, 0) AS opt_in, COALESCE(s.survey, 0) AS survey,
         COALESCE(s.qualified_or_offer, 0) AS qualified_or_offer, COALESCE(s.checkout, 0) AS checkout,
         COALESCE(s.paid, 0) AS paid, COALESCE(s.revenue_sum, 0)::text AS revenue_sum,
         COALESCE(s.revenue_sum_squares, 0)::text AS revenue_sum_squares
    FROM (SELECT variant, day, count(*)::int AS visitors FROM x GROUP BY variant, day) e
    LEFT JOIN steps s ON s.variant = e.variant AND s.day = e.day`;

const T0 = Date.parse("2035-03-01T22:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const sessionPlan = fc.record({
  start: fc.integer({ min: 0, max: 240 }),
  length: fc.integer({ min: 0, max: 60 }),
  lead: fc.boolean(),
  offer: fc.boolean(),
  survey: fc.constantFrom("none", "qualified", "not qualified"),
  click: fc.boolean(),
  /** A later page view moves last_seen_at on by this many minutes (0: none). */
  seenAgain: fc.constantFrom(0, 0, 30, 300),
  /** The survey answer or the click is deleted again (an erasure, a retried write). */
  undo: fc.boolean(),
});
const orderPlan = fc.record({
  at: fc.integer({ min: 0, max: 300 }),
  status: fc.constantFrom<OrderStatus>("PENDING", "SUCCEEDED", "FAILED", "REFUNDED"),
  total: fc.constantFrom(700, 49_700, 100_000),
  refund: fc.constantFrom(0, 0, 500, 25_000),
  /** A pending order is paid later (the webhook). */
  paidLater: fc.boolean(),
});
const browserPlan = fc.record({
  variant: fc.constantFrom("a", "b"),
  exposedAt: fc.integer({ min: 0, max: 240 }),
  sessions: fc.array(sessionPlan, { maxLength: 3 }),
  orders: fc.array(orderPlan, { maxLength: 2 }),
  flag: fc.constantFrom("none", "none", "none", "lead", "order"),
});
const historyPlan = fc.record({
  browsers: fc.array(browserPlan, { minLength: 1, maxLength: 6 }),
  /** Minutes after T0 the test stops (null: running), set after every row is written. */
  stop: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
  /** Picks which browser's next write goes next, so writes of different browsers interleave. */
  interleave: fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
});

type Write = () => Promise<unknown>;
type BrowserPlan = typeof browserPlan extends fc.Arbitrary<infer T> ? T : never;

function browserWrites(tag: string, experimentId: string, n: number, p: BrowserPlan): Write[] {
  const db = getDb();
  const browserId = `xo-${tag}-${n}`;
  const writes: Write[] = [
    () =>
      db.experimentExposure.create({
        data: { experimentId, browserId, variant: p.variant, exposedAt: at(p.exposedAt) },
      }),
  ];
  const leadId = randomUUID();
  let leadCreated = false;
  for (const [i, s] of p.sessions.entries()) {
    const id = `${browserId}-s${i}`;
    const wantsLead = s.lead || (p.flag === "lead" && i === 0);
    writes.push(async () => {
      if (wantsLead && !leadCreated) {
        leadCreated = true;
        await db.prospect.create({
          data: { id: leadId, email: `${id}@example.test`, name: "Lead", firstName: "Lead", lastName: String(n) },
        });
      }
      await db.funnelSession.create({
        data: {
          id,
          browserId,
          prospectId: wantsLead ? leadId : null,
          offerVariant: s.offer ? "countdown" : null,
          startedAt: at(s.start),
          lastSeenAt: at(s.start + s.length),
        },
      });
    });
    if (s.survey !== "none")
      writes.push(() =>
        db.surveyResponse.create({
          data: { sessionId: id, track: "BUSINESS_OWNER", qualified: s.survey === "qualified", ruleVersion: "test" },
        }),
      );
    if (s.click)
      writes.push(() =>
        db.funnelEvent.create({
          data: { sessionId: id, step: 6, action: "checkout_click", data: {}, clientTimestamp: at(s.start) },
        }),
      );
    if (s.seenAgain)
      writes.push(() =>
        db.funnelSession.update({ where: { id }, data: { lastSeenAt: at(s.start + s.length + s.seenAgain) } }),
      );
    if (s.undo)
      writes.push(async () => {
        await db.surveyResponse.deleteMany({ where: { sessionId: id } });
        await db.funnelEvent.deleteMany({ where: { sessionId: id, action: "checkout_click" } });
      });
  }
  if (p.flag === "lead")
    writes.push(() => db.prospect.updateMany({ where: { id: leadId }, data: { excludedAs: "test" } }));
  for (const [i, o] of p.orders.entries()) {
    const key = `${browserId}-o${i}`;
    writes.push(() =>
      db.order.create({
        data: {
          contactId: key,
          email: `${key}@example.test`,
          name: "Buyer",
          productId: "ai-step-by-step",
          productName: "Product",
          isSubscription: false,
          quantity: 1,
          unitPrice: o.total,
          totalAmount: o.total,
          status: o.status,
          browserId,
          gateway: "demo",
          idempotencyKey: key,
          createdAt: at(o.at),
          excludedAs: p.flag === "order" && i === 0 ? "spam" : null,
        },
      }),
    );
    if (o.status === "PENDING" && o.paidLater)
      writes.push(() => db.order.update({ where: { idempotencyKey: key }, data: { status: "SUCCEEDED" } }));
    if (o.refund)
      writes.push(async () => {
        const order = await db.order.findUniqueOrThrow({ where: { idempotencyKey: key } });
        await db.refund.create({
          data: {
            orderId: order.id,
            amount: o.refund,
            currency: "usd",
            providerRefundId: `re_${key}`,
            source: "console",
          },
        });
      });
  }
  return writes;
}

describe("split-test exposure outcomes", () => {
  it("equal the counts from the source rows, whatever the order of the writes, before and after a stop", async () => {
    const db = getDb();
    const report = defaultReportDb();
    const sorted = (rows: Record<string, unknown>[]) =>
      rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
    await fc.assert(
      fc.asyncProperty(historyPlan, async (history) => {
        const tag = randomUUID().slice(0, 8);
        const experiment = await db.experiment.create({
          data: {
            key: `xo-${tag}`,
            surface: "offer",
            variants: [
              { key: "a", weight: 1 },
              { key: "b", weight: 1 },
            ],
            primaryMetric: "revenue",
            // Not "running": one running test per surface, and each run makes its own.
            status: "draft",
            startedAt: at(0),
          },
        });
        const queues = history.browsers.map((b, n) => browserWrites(tag, experiment.id, n, b));
        // Each browser's writes keep their order (a click needs its session), browsers interleave.
        for (let i = 0; queues.some((q) => q.length > 0); i++) {
          const open = queues.filter((q) => q.length > 0);
          const next = open[(history.interleave[i % history.interleave.length] ?? 0) % open.length]?.shift();
          await next?.();
        }
        const compare = async (stoppedAt: Date | null) => {
          const kept = await report.query<Record<string, unknown>>(EXPERIMENT_RESULTS_SQL, [experiment.id, stoppedAt]);
          const counted = await report.query<Record<string, unknown>>(COUNTED_FROM_SOURCE_SQL, [
            experiment.id,
            stoppedAt,
          ]);
          expect(sorted(kept.rows)).toEqual(sorted(counted.rows));
        };
        await compare(null);
        if (history.stop !== null) {
          const stoppedAt = at(history.stop);
          await db.experiment.update({ where: { id: experiment.id }, data: { status: "stopped", stoppedAt } });
          await compare(stoppedAt);
        }
      }),
      { numRuns: 40, seed: 20_351_127 },
    );
  });
});
