import "server-only";
import type { ReportRange } from "@/lib/shared/report-range";
import { dayKeys } from "@/lib/console/shared/day-series";
import { seatSeries, type SeatDay } from "@/lib/console/shared/seat-series";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import { countedOrderSql } from "@/lib/shared/excluded-rows";

// Seats per day from subscriptions and their applied seat changes, by the snapshot's rule (active,
// paid, not flagged), so the series ends on today's seats. Definitions: docs/operations.md#report-definitions.

// A subscription counts from its order's fulfilment until it ends: the full refund that made the
// order REFUNDED, or, once no longer active, its last update or period end, whichever is earlier.
// Its seats are the first applied change's from_quantity (else its quantity), then each change's
// to_quantity. Each stretch adds its seats on the day it starts and takes them off the day it ends.
const SQL = `
  WITH subs AS (
    SELECT s.order_id, o.unit_price, o.fulfilled_at AS started_at, s.quantity,
           LEAST(
             CASE WHEN o.status = 'REFUNDED'
                  THEN COALESCE((SELECT max(r.created_at) FROM refunds r WHERE r.order_id = o.id), s.updated_at) END,
             CASE WHEN s.status <> 'active' THEN LEAST(s.updated_at, s.current_period_end) END
           ) AS ended_at
      FROM subscriptions s JOIN orders o ON o.id = s.order_id
     WHERE o.fulfilled_at IS NOT NULL AND o.fulfilled_at < $1 AND o.status IN ('SUCCEEDED', 'REFUNDED')
       AND s.plan_instalments IS NULL AND ${countedOrderSql("o")}
  ),
  changes AS (
    SELECT c.order_id, c.applied_at, c.from_quantity, c.to_quantity,
           row_number() OVER w AS n, lead(c.applied_at) OVER w AS next_at
      FROM seat_changes c JOIN subs ON subs.order_id = c.order_id
     WHERE c.applied_at IS NOT NULL
    WINDOW w AS (PARTITION BY c.order_id ORDER BY c.applied_at, c.id)
  ),
  stretches AS (
    SELECT subs.unit_price, subs.started_at AS from_at, fc.applied_at AS to_at,
           COALESCE(fc.from_quantity, subs.quantity) AS seats, subs.ended_at
      FROM subs LEFT JOIN changes fc ON fc.order_id = subs.order_id AND fc.n = 1
    UNION ALL
    SELECT subs.unit_price, c.applied_at, c.next_at, c.to_quantity, subs.ended_at
      FROM changes c JOIN subs ON subs.order_id = c.order_id
  ),
  clipped AS (
    SELECT unit_price, from_at, LEAST(to_at, ended_at) AS to_at, seats
      FROM stretches
     WHERE from_at < $1 AND (ended_at IS NULL OR from_at < ended_at)
  )
  SELECT day, sum(seats)::int AS seats, sum(seats::bigint * unit_price)::text AS mrr FROM (
    SELECT to_char(from_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, unit_price, seats FROM clipped
    UNION ALL
    SELECT to_char(to_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), unit_price, -seats FROM clipped
     WHERE to_at IS NOT NULL AND to_at < $1
  ) deltas
   GROUP BY day`;

type Row = { day: string; seats: number; mrr: string };

export type SeatSeriesReport = { days: SeatDay[] };

export async function seatSeriesReport(
  range: ReportRange,
  db: ReportDb = defaultReportDb(),
): Promise<SeatSeriesReport> {
  const { rows } = await db.query<Row>(SQL, [range.to]);
  return {
    days: seatSeries(
      dayKeys(range),
      rows.map((r) => ({ day: r.day, seats: r.seats, mrr: Number(r.mrr) })),
    ),
  };
}
