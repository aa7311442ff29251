import { TableHead } from "@/components/console/column-heads";
import { TableDetails } from "@/components/console/charts/chart-svg";
import { TrendChart } from "@/components/console/charts/trend-chart";
import { trendSummary, type Trend } from "@/lib/console/shared/day-series";

// A per-day series beside the same days of the previous period: the chart, and its table on request.

const cell = "px-2 py-1 text-right tabular-nums whitespace-nowrap";

export function TrendBlock({
  id,
  title,
  trend,
  unit,
  format,
}: {
  id: string;
  title: string;
  trend: Trend;
  /** Column heading of the values, e.g. "New leads". */
  unit: string;
  format: (value: number) => string;
}) {
  return (
    <div>
      <TrendChart
        id={id}
        title={title}
        desc={trendSummary(trend, format)}
        days={trend.days.map((d) => d.day)}
        series={[
          { name: "this period", values: trend.days.map((d) => d.value) },
          { name: "previous period", values: trend.days.map((d) => d.previous) },
        ]}
        format={format}
      />
      <TableDetails label="Show as table">
        <table className="w-full text-sm" data-testid={`${id}-table`}>
          <TableHead
            row="border-b border-slate-200 text-slate-600"
            labels={["Day (UTC)", unit, "Previous period", unit]}
            first="px-2 py-1 text-left"
            rest={cell}
          />
          <tbody>
            {trend.days.map((d) => (
              <tr key={d.day} className="border-b border-slate-100" data-day={d.day}>
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {d.day}
                </th>
                <td className={cell}>{format(d.value)}</td>
                <td className={cell}>{d.previousDay}</td>
                <td className={cell}>{format(d.previous)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="px-2 py-1 text-left">
                Total
              </th>
              <td className={cell} data-testid="total">
                {format(trend.total)}
              </td>
              <td className={cell} />
              <td className={cell} data-testid="previous-total">
                {format(trend.previousTotal)}
              </td>
            </tr>
          </tfoot>
        </table>
      </TableDetails>
    </div>
  );
}
