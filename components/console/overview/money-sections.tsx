import { TableHead } from "@/components/console/column-heads";
import type { RevenueReport } from "@/lib/console/server/revenue-report";
import type { SeatReport } from "@/lib/console/server/seat-report";
import type { SeatSeriesReport } from "@/lib/console/server/seat-series-report";
import type { Trend } from "@/lib/console/shared/day-series";
import { formatCount, formatMoney } from "@/lib/console/shared/console-format";
import { formatUsd } from "@/lib/shared/money";
import { HorizontalBars } from "@/components/console/charts/horizontal-bars";
import { TableDetails } from "@/components/console/charts/chart-svg";
import { TrendChart } from "@/components/console/charts/trend-chart";
import { TrendBlock } from "./trend-block";

// Money is shown per currency as stored.

const cell = "px-2 py-1.5 text-right tabular-nums whitespace-nowrap";
const head = "border-b border-slate-200 text-slate-600";

/** A product's renewals, failed renewals and MRR (from the seat report): shown only for subscriptions. */
function subscriptionCells(p: RevenueReport["products"][number], mrr: number | undefined) {
  if (mrr === undefined && p.renewals === 0 && p.failedRenewals === 0) return ["—", "—", "—"];
  const count = (n: number) => `${formatCount(n)} ${n === 1 ? "invoice" : "invoices"}`;
  return [
    <>
      {formatMoney(p.renewalGross, p.currency)}
      <span className="block text-xs text-slate-500">{count(p.renewals)}</span>
    </>,
    <>
      {formatMoney(p.failedRenewalAmount, p.currency)}
      <span className="block text-xs text-slate-500">{count(p.failedRenewals)}</span>
    </>,
    formatMoney(mrr ?? 0),
  ];
}

export function RevenueSection({ report, trend, seats }: { report: RevenueReport; trend: Trend; seats: SeatReport }) {
  const mrrOf = new Map(seats.products.map((p) => [p.productId, p.mrr]));
  const first = trend.days[0]?.day ?? "";
  const last = trend.days.at(-1)?.day ?? "";
  const totals = report.products.reduce(
    (t, p) => ({ gross: t.gross + p.gross, refunded: t.refunded + p.refunded, net: t.net + p.net }),
    { gross: 0, refunded: 0, net: 0 },
  );
  const oneCurrency = new Set(report.products.map((p) => p.currency)).size <= 1;
  const currency = report.products[0]?.currency ?? "usd";
  return (
    <section aria-labelledby="revenue-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="revenue-heading" className="text-lg font-semibold">
        Revenue
      </h2>
      <div className="mt-3">
        <TrendBlock
          id="revenue-per-day"
          title={`Net revenue per day in US dollars, ${first} to ${last}: ${formatUsd(trend.total)}, previous period dashed`}
          trend={trend}
          unit="Net revenue"
          format={formatUsd}
        />
      </div>
      <h3 className="mt-4 text-sm font-semibold">By product</h3>
      {report.products.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No paid orders in this range.</p>
      ) : (
        <div className="mt-2 grid gap-4 md:grid-cols-2">
          <HorizontalBars
            id="revenue-chart"
            title="Revenue by product: gross (full bar) and net (inner bar)"
            bars={report.products.map((p) => ({
              label: p.productName,
              value: p.gross,
              inner: p.net,
              valueLabel: `${formatMoney(p.net, p.currency)} net of ${formatMoney(p.gross, p.currency)}`,
            }))}
          />
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Revenue table (scrolls sideways)">
            <table className="min-w-full text-sm" data-testid="revenue-table">
              <TableHead
                row={head}
                labels={["Product", "Paid", "Gross", "Refunded", "Net", "Renewals", "Failed renewals", "MRR"]}
                first="px-2 py-1.5 text-left"
                rest={cell}
              />
              <tbody>
                {report.products.map((p) => (
                  <tr
                    key={`${p.productId}-${p.currency}`}
                    className="border-b border-slate-100"
                    data-product={p.productId}
                  >
                    <th scope="row" className="px-2 py-1.5 text-left font-medium">
                      {p.productName}
                    </th>
                    <td className={cell}>{formatCount(p.paidOrders)}</td>
                    <td className={cell} data-testid="gross">
                      {formatMoney(p.gross, p.currency)}
                    </td>
                    <td className={cell} data-testid="refunded">
                      {formatMoney(p.refunded, p.currency)}
                      <span className="block text-xs text-slate-500">
                        {formatCount(p.refundedOrders)} {p.refundedOrders === 1 ? "order" : "orders"}
                      </span>
                    </td>
                    <td className={cell} data-testid="net">
                      {formatMoney(p.net, p.currency)}
                    </td>
                    {subscriptionCells(p, mrrOf.get(p.productId)).map((content, i) => (
                      <td key={i} className={cell} data-testid={["renewals", "failed-renewals", "mrr"][i]}>
                        {content}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              {oneCurrency && (
                <tfoot>
                  <tr className="font-semibold" data-product="total">
                    <th scope="row" className="px-2 py-1.5 text-left">
                      Total
                    </th>
                    <td className={cell} />
                    <td className={cell} data-testid="gross">
                      {formatMoney(totals.gross, currency)}
                    </td>
                    <td className={cell} data-testid="refunded">
                      {formatMoney(totals.refunded, currency)}
                    </td>
                    <td className={cell} data-testid="net">
                      {formatMoney(totals.net, currency)}
                    </td>
                    <td className={cell} colSpan={3} />
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

function seriesWords(days: { day: string; value: number }[], format: (value: number) => string): string {
  const first = days[0];
  const last = days.at(-1);
  const peak = days.reduce<(typeof days)[number] | null>((best, d) => (best && best.value >= d.value ? best : d), null);
  if (!first || !last || !peak) return "No days.";
  return `${format(first.value)} on ${first.day}, ${format(last.value)} on ${last.day}; highest ${format(peak.value)} on ${peak.day}.`;
}

function SeatHistory({ series }: { series: SeatSeriesReport }) {
  const days = series.days.map((d) => d.day);
  const first = days[0] ?? "";
  const last = days.at(-1) ?? "";
  const mrr = series.days.map((d) => ({ day: d.day, value: d.mrr }));
  const seats = series.days.map((d) => ({ day: d.day, value: d.seats }));
  return (
    <div className="mt-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TrendChart
          id="mrr-per-day"
          title={`Seat MRR at the end of each day, ${first} to ${last}`}
          desc={seriesWords(mrr, formatUsd)}
          days={days}
          series={[{ name: "seat MRR", values: mrr.map((d) => d.value) }]}
          format={formatUsd}
        />
        <TrendChart
          id="seats-per-day"
          title={`Active seats at the end of each day, ${first} to ${last}`}
          desc={seriesWords(seats, formatCount)}
          days={days}
          series={[{ name: "active seats", values: seats.map((d) => d.value) }]}
          format={formatCount}
        />
      </div>
      <TableDetails label="Show as table">
        <table className="w-full text-sm" data-testid="seats-per-day-table">
          <TableHead
            row={head}
            labels={["Day (UTC)", "Active seats", "Seat MRR"]}
            first="px-2 py-1 text-left"
            rest={cell}
          />
          <tbody>
            {series.days.map((d) => (
              <tr key={d.day} className="border-b border-slate-100" data-day={d.day}>
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {d.day}
                </th>
                <td className={cell}>{formatCount(d.seats)}</td>
                <td className={cell}>{formatMoney(d.mrr)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableDetails>
    </div>
  );
}

export function SeatsSection({ report, series }: { report: SeatReport; series: SeatSeriesReport }) {
  return (
    <section aria-labelledby="seats-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="seats-heading" className="text-lg font-semibold">
        Team seats <span className="text-sm font-normal text-slate-600">(active subscriptions today)</span>
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <div className="min-w-0 rounded-md bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">Active seats</dt>
          <dd className="text-2xl font-bold break-words tabular-nums" data-testid="active-seats">
            {formatCount(report.seats)}
          </dd>
        </div>
        <div className="min-w-0 rounded-md bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">Seat MRR</dt>
          <dd className="text-2xl font-bold break-words tabular-nums" data-testid="seat-mrr">
            {formatMoney(report.mrr)}
          </dd>
        </div>
        <div className="min-w-0 rounded-md bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">Subscriptions</dt>
          <dd className="text-2xl font-bold break-words tabular-nums">{formatCount(report.subscriptions)}</dd>
        </div>
      </dl>
      {report.products.length > 0 && (
        <div
          className="mt-3 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Seats by product (scrolls sideways)"
        >
          <table className="min-w-full text-sm">
            <TableHead
              row={head}
              labels={["Product", "Seats", "Price / seat / month", "MRR"]}
              first="px-2 py-1.5 text-left"
              rest={cell}
            />
            <tbody>
              {report.products.map((p) => (
                <tr key={p.productId} className="border-b border-slate-100">
                  <th scope="row" className="px-2 py-1.5 text-left font-medium">
                    {p.productName}
                  </th>
                  <td className={cell}>{formatCount(p.seats)}</td>
                  <td className={cell}>{p.unitAmount === null ? "varies by order" : formatMoney(p.unitAmount)}</td>
                  <td className={cell}>{formatMoney(p.mrr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SeatHistory series={series} />
    </section>
  );
}
