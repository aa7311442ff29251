import "server-only";
import type { ReportRange } from "@/lib/shared/report-range";
import { countedOrderSql } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// Failed renewals count by the date the payment failed, whether or not it was paid later; recovered
// ones are those failed invoices, counted by the date they were paid (docs/operations.md#report-definitions).
// The revenue table's "Failed renewals" is narrower: failed in the range and still unpaid.

export type CurrencyRecovery = {
  currency: string;
  failed: number;
  failedAmount: number;
  /** Of the failed ones, those still unpaid today. */
  stillUnpaid: number;
  stillUnpaidAmount: number;
  recovered: number;
  recoveredAmount: number;
};

export type RenewalRecoveryReport = { from: Date; to: Date; currencies: CurrencyRecovery[] };

type Row = {
  currency: string;
  failed: number;
  failed_amount: string;
  still_unpaid: number;
  still_unpaid_amount: string;
  recovered: number;
  recovered_amount: string;
};

const SQL = `
  SELECT si.currency,
         count(*) FILTER (WHERE si.failed_at >= $1 AND si.failed_at < $2)::int AS failed,
         COALESCE(sum(si.amount) FILTER (WHERE si.failed_at >= $1 AND si.failed_at < $2), 0)::text AS failed_amount,
         count(*) FILTER (WHERE si.failed_at >= $1 AND si.failed_at < $2 AND si.status = 'failed')::int AS still_unpaid,
         COALESCE(sum(si.amount) FILTER (WHERE si.failed_at >= $1 AND si.failed_at < $2 AND si.status = 'failed'), 0)
           ::text AS still_unpaid_amount,
         count(*) FILTER (WHERE si.status = 'paid' AND si.paid_at >= $1 AND si.paid_at < $2)::int AS recovered,
         COALESCE(sum(si.amount) FILTER (WHERE si.status = 'paid' AND si.paid_at >= $1 AND si.paid_at < $2), 0)
           ::text AS recovered_amount
    FROM subscription_invoices si
    JOIN subscriptions s ON s.id = si.subscription_id
    JOIN orders o ON o.id = s.order_id
   WHERE si.failed_at IS NOT NULL
     AND ((si.failed_at >= $1 AND si.failed_at < $2) OR (si.paid_at >= $1 AND si.paid_at < $2))
     AND ${countedOrderSql("o")}
   GROUP BY si.currency
   ORDER BY si.currency`;

export async function renewalRecoveryReport(
  range: ReportRange,
  db: ReportDb = defaultReportDb(),
): Promise<RenewalRecoveryReport> {
  const { rows } = await db.query<Row>(SQL, [range.from, range.to]);
  return {
    from: range.from,
    to: range.to,
    // Sums come back as text; cents over a year stay far below 2^53.
    currencies: rows.map((r) => ({
      currency: r.currency,
      failed: r.failed,
      failedAmount: Number(r.failed_amount),
      stillUnpaid: r.still_unpaid,
      stillUnpaidAmount: Number(r.still_unpaid_amount),
      recovered: r.recovered,
      recoveredAmount: Number(r.recovered_amount),
    })),
  };
}
