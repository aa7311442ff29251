import { TableHead } from "@/components/console/column-heads";
import type { ChurnReport } from "@/lib/console/server/churn-report";
import type { RenewalRecoveryReport } from "@/lib/console/server/renewal-recovery-report";
import { formatCount, formatMoney, formatPercent } from "@/lib/console/shared/console-format";

// Failed and recovered renewal payments in the range, and churn per calendar month it touches.

const cell = "px-2 py-1.5 text-right tabular-nums whitespace-nowrap";
const head = "border-b border-slate-200 text-slate-600";
const invoices = (n: number) => `${formatCount(n)} ${n === 1 ? "invoice" : "invoices"}`;

function Recovery({ report }: { report: RenewalRecoveryReport }) {
  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold">Failed and recovered renewals</h3>
      <p className="mt-1 text-sm text-slate-600">
        Failed: renewal invoices whose payment failed in the range, by the day it failed, whether or not they were paid
        later. Recovered: failed renewal invoices paid in the range, by the day they were paid.
      </p>
      {report.currencies.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No failed or recovered renewals in this range.</p>
      ) : (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Failed and recovered renewals">
          <table className="min-w-full text-sm" data-testid="recovery-table">
            <TableHead
              row={head}
              labels={["Currency", "Failed", "Still unpaid", "Recovered"]}
              first="px-2 py-1.5 text-left"
              rest={cell}
            />
            <tbody>
              {report.currencies.map((c) => (
                <tr key={c.currency} className="border-b border-slate-100" data-currency={c.currency}>
                  <th scope="row" className="px-2 py-1.5 text-left font-medium">
                    {c.currency.toUpperCase()}
                  </th>
                  <td className={cell} data-testid="failed">
                    {formatMoney(c.failedAmount, c.currency)}
                    <span className="block text-xs text-slate-500">{invoices(c.failed)}</span>
                  </td>
                  <td className={cell} data-testid="still-unpaid">
                    {formatMoney(c.stillUnpaidAmount, c.currency)}
                    <span className="block text-xs text-slate-500">{invoices(c.stillUnpaid)}</span>
                  </td>
                  <td className={cell} data-testid="recovered">
                    {formatMoney(c.recoveredAmount, c.currency)}
                    <span className="block text-xs text-slate-500">{invoices(c.recovered)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Churn({ report }: { report: ChurnReport }) {
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">Churn by month (UTC, whole months)</h3>
      <p className="mt-1 text-sm text-slate-600">
        A subscription is active from its paid order until its status turns canceled (ended). Logo churn: ended in the
        month over active at its start. Revenue churn: the monthly amount of the ended subscriptions plus the seats
        removed in the month, over the monthly revenue at its start.
      </p>
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Churn by month (scrolls sideways)">
        <table className="min-w-full text-sm" data-testid="churn-table">
          <TableHead
            row={head}
            labels={[
              "Month",
              "Active at start",
              "New",
              "Ended",
              "Logo churn",
              "MRR at start",
              "MRR lost",
              "Revenue churn",
            ]}
            first="px-2 py-1.5 text-left"
            rest={cell}
          />
          <tbody>
            {report.months.map((m) => (
              <tr key={m.month} className="border-b border-slate-100" data-month={m.month}>
                <th scope="row" className="px-2 py-1.5 text-left font-medium">
                  {m.month}
                </th>
                <td className={cell}>{formatCount(m.activeAtStart)}</td>
                <td className={cell}>{formatCount(m.started)}</td>
                <td className={cell}>{formatCount(m.ended)}</td>
                <td className={cell}>{formatPercent(m.logoChurn)}</td>
                <td className={cell}>{formatMoney(m.mrrAtStart)}</td>
                <td className={cell}>
                  {formatMoney(m.endedMrr + m.contractionMrr)}
                  <span className="block text-xs text-slate-500">
                    {formatMoney(m.endedMrr)} ended, {formatMoney(m.contractionMrr)} fewer seats
                  </span>
                </td>
                <td className={cell}>{formatPercent(m.revenueChurn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function SubscriptionsSection({ recovery, churn }: { recovery: RenewalRecoveryReport; churn: ChurnReport }) {
  return (
    <section aria-labelledby="subscriptions-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="subscriptions-heading" className="text-lg font-semibold">
        Subscriptions
      </h2>
      <Recovery report={recovery} />
      <Churn report={churn} />
    </section>
  );
}
