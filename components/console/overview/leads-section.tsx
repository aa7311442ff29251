import { TableHead } from "@/components/console/column-heads";
import type { LeadsPerDayReport } from "@/lib/console/server/leads-per-day-report";
import { formatCount } from "@/lib/console/shared/console-format";
import { DayChart } from "./day-chart";

// The table opens on request: a year is 366 rows.

export function LeadsSection({ report }: { report: LeadsPerDayReport }) {
  return (
    <section aria-labelledby="leads-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="leads-heading" className="text-lg font-semibold">
        New leads{" "}
        <span className="text-sm font-normal text-slate-600" data-testid="leads-total">
          {formatCount(report.total)}
        </span>
      </h2>
      <div className="mt-3">
        <DayChart days={report.days} total={report.total} />
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">Leads per day (table)</summary>
        <div className="mt-2 max-h-80 overflow-y-auto">
          <table className="w-full text-sm" data-testid="leads-per-day">
            <TableHead
              row="border-b border-slate-200 text-slate-600"
              labels={["Day (UTC)", "New leads"]}
              first="px-2 py-1 text-left"
              rest="px-2 py-1 text-right"
            />
            <tbody>
              {report.days.map((d) => (
                <tr key={d.day} className="border-b border-slate-100" data-day={d.day}>
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {d.day}
                  </th>
                  <td className="px-2 py-1 text-right tabular-nums">{formatCount(d.leads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
