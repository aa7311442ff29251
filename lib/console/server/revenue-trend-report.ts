import "server-only";
import type { ReportRange } from "@/lib/shared/report-range";
import { previousRange, trendOf, type Trend } from "@/lib/console/shared/day-series";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import { countedOrderSql } from "@/lib/shared/excluded-rows";

// Net US dollars per day, by the revenue report's rule (paid by order date, renewals by payment date,
// refunds by refund date), for the range and the one before it; flagged orders left out.

const SQL = `
  SELECT day, sum(amount)::bigint::text AS value FROM (
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, total_amount AS amount
      FROM orders o
     WHERE status IN ('SUCCEEDED', 'REFUNDED') AND currency = 'usd' AND created_at >= $1 AND created_at < $2
       AND ${countedOrderSql("o")}
    UNION ALL
    SELECT to_char(si.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), si.amount
      FROM subscription_invoices si JOIN subscriptions s ON s.id = si.subscription_id JOIN orders o ON o.id = s.order_id
     WHERE si.currency = 'usd' AND si.paid_at >= $1 AND si.paid_at < $2 AND ${countedOrderSql("o")}
    UNION ALL
    SELECT to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), -r.amount
      FROM refunds r JOIN orders o ON o.id = r.order_id
     WHERE r.currency = 'usd' AND r.created_at >= $1 AND r.created_at < $2 AND ${countedOrderSql("o")}
  ) money
   GROUP BY day`;

export async function revenueTrendReport(range: ReportRange, db: ReportDb = defaultReportDb()): Promise<Trend> {
  const { rows } = await db.query<{ day: string; value: string }>(SQL, [previousRange(range).from, range.to]);
  // A day's cents stay far below 2^53.
  return trendOf(
    range,
    rows.map((r) => ({ day: r.day, value: Number(r.value) })),
  );
}
