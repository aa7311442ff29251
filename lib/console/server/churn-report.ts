import "server-only";
import type { ReportRange } from "@/lib/shared/report-range";
import { countedOrderSql } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// Churn per calendar month (UTC, as every console day boundary), each month counted whole.
// A subscription starts when its order is fulfilled and ends when its status turns canceled
// (subscriptions.ended_at); its seats at an instant follow the applied seat changes, as in the seat
// series. Revenue churn: the MRR of the subscriptions that ended plus the seats removed in the
// month, over the MRR at its start. Definitions: docs/decisions/0043-subscription-reports.md.

export type ChurnMonth = {
  /** "2031-04" */
  month: string;
  activeAtStart: number;
  started: number;
  ended: number;
  /** ended / active at start; null with none active at the start. */
  logoChurn: number | null;
  mrrAtStart: number;
  /** MRR of the subscriptions that ended (their seats just before the end). */
  endedMrr: number;
  /** MRR of seats removed by seat decreases applied in the month. */
  contractionMrr: number;
  /** (ended + contraction MRR) / MRR at start; null with no MRR at the start. */
  revenueChurn: number | null;
};

export type ChurnReport = { months: ChurnMonth[] };

type Row = {
  month: string;
  active_at_start: number;
  started: number;
  ended: number;
  mrr_at_start: string;
  ended_mrr: string;
  contraction_mrr: string;
};

// Seats of subscription `subs` just before instant `t`: the last change applied before it, else the
// first change's from_quantity, else the current quantity.
const seatsBefore = (t: string) => `COALESCE(
    (SELECT c.to_quantity FROM seat_changes c
      WHERE c.order_id = subs.order_id AND c.applied_at IS NOT NULL AND c.applied_at < ${t}
      ORDER BY c.applied_at DESC, c.id DESC LIMIT 1),
    (SELECT c.from_quantity FROM seat_changes c
      WHERE c.order_id = subs.order_id AND c.applied_at IS NOT NULL
      ORDER BY c.applied_at, c.id LIMIT 1),
    subs.quantity)`;

const SQL = `
  WITH months AS (
    SELECT m AT TIME ZONE 'UTC' AS starts, (m + interval '1 month') AT TIME ZONE 'UTC' AS ends
      FROM generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC'),
                           date_trunc('month', ($2::timestamptz - interval '1 millisecond') AT TIME ZONE 'UTC'),
                           interval '1 month') m
  ), subs AS (
    SELECT s.order_id, s.quantity, s.ended_at, o.fulfilled_at AS started_at, o.unit_price
      FROM subscriptions s JOIN orders o ON o.id = s.order_id
     WHERE o.fulfilled_at IS NOT NULL AND o.status IN ('SUCCEEDED', 'REFUNDED') AND ${countedOrderSql("o")}
  ), per_month AS (
    SELECT m.starts,
           count(*) FILTER (WHERE subs.started_at < m.starts AND (subs.ended_at IS NULL OR subs.ended_at >= m.starts))
             ::int AS active_at_start,
           count(*) FILTER (WHERE subs.started_at >= m.starts AND subs.started_at < m.ends)::int AS started,
           count(*) FILTER (WHERE subs.ended_at >= m.starts AND subs.ended_at < m.ends)::int AS ended,
           COALESCE(sum(${seatsBefore("m.starts")}::bigint * subs.unit_price)
             FILTER (WHERE subs.started_at < m.starts AND (subs.ended_at IS NULL OR subs.ended_at >= m.starts)), 0)
             AS mrr_at_start,
           COALESCE(sum(${seatsBefore("subs.ended_at")}::bigint * subs.unit_price)
             FILTER (WHERE subs.ended_at >= m.starts AND subs.ended_at < m.ends), 0) AS ended_mrr
      FROM months m CROSS JOIN subs
     GROUP BY m.starts
  ), contraction AS (
    SELECT m.starts, sum((c.from_quantity - c.to_quantity)::bigint * subs.unit_price) AS contraction_mrr
      FROM months m
      JOIN seat_changes c ON c.applied_at >= m.starts AND c.applied_at < m.ends AND c.to_quantity < c.from_quantity
      JOIN subs ON subs.order_id = c.order_id
     GROUP BY m.starts
  )
  SELECT to_char(m.starts AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
         COALESCE(p.active_at_start, 0) AS active_at_start, COALESCE(p.started, 0) AS started,
         COALESCE(p.ended, 0) AS ended, COALESCE(p.mrr_at_start, 0)::text AS mrr_at_start,
         COALESCE(p.ended_mrr, 0)::text AS ended_mrr, COALESCE(c.contraction_mrr, 0)::text AS contraction_mrr
    FROM months m
    LEFT JOIN per_month p ON p.starts = m.starts
    LEFT JOIN contraction c ON c.starts = m.starts
   ORDER BY m.starts`;

export async function churnReport(range: ReportRange, db: ReportDb = defaultReportDb()): Promise<ChurnReport> {
  const { rows } = await db.query<Row>(SQL, [range.from, range.to]);
  return {
    months: rows.map((r) => {
      // MRR sums come back as text; they stay far below 2^53 cents.
      const mrrAtStart = Number(r.mrr_at_start);
      const endedMrr = Number(r.ended_mrr);
      const contractionMrr = Number(r.contraction_mrr);
      return {
        month: r.month,
        activeAtStart: r.active_at_start,
        started: r.started,
        ended: r.ended,
        logoChurn: r.active_at_start > 0 ? r.ended / r.active_at_start : null,
        mrrAtStart,
        endedMrr,
        contractionMrr,
        revenueChurn: mrrAtStart > 0 ? (endedMrr + contractionMrr) / mrrAtStart : null,
      };
    }),
  };
}
