import "server-only";
import type { ReportRange } from "@/lib/shared/report-range";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import { inRange, renewalInvoiceTotalsSql } from "@/lib/console/server/renewal-invoice-totals";

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

const FAILED = inRange("si.failed_at");
const RECOVERED = `si.status = 'paid' AND ${inRange("si.paid_at")}`;

const SQL = `${renewalInvoiceTotalsSql({
  keys: ["si.currency"],
  where: `si.failed_at IS NOT NULL AND ((${FAILED}) OR (${inRange("si.paid_at")}))`,
  totals: [
    { count: "failed", amount: "failed_amount", when: FAILED },
    { count: "still_unpaid", amount: "still_unpaid_amount", when: `${FAILED} AND si.status = 'failed'` },
    { count: "recovered", amount: "recovered_amount", when: RECOVERED },
  ],
})}
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
