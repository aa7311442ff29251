import { TableHead } from "@/components/console/column-heads";
import type { OfferReport } from "@/lib/console/server/offer-report";
import { formatCount, formatPercent } from "@/lib/console/shared/console-format";
import { formatUsd } from "@/lib/shared/money";

const cell = "px-2 py-1.5 text-right tabular-nums whitespace-nowrap";
const head = "border-b border-slate-200 text-slate-600";
const first = "px-2 py-1.5 text-left";
const perUnit = (cents: number | null) => (cents === null ? "—" : formatUsd(cents));

function Figures(props: {
  counts: [number, number];
  takeRate: number | null;
  net: number;
  revenuePerBuyer: number | null;
  revenuePerVisitor: number | null;
}) {
  return (
    <>
      <td className={cell} data-testid="shown">
        {formatCount(props.counts[0])}
      </td>
      <td className={cell} data-testid="taken">
        {formatCount(props.counts[1])}
      </td>
      <td className={cell} data-testid="take-rate">
        {formatPercent(props.takeRate)}
      </td>
      <td className={cell} data-testid="net">
        {formatUsd(props.net)}
      </td>
      <td className={cell} data-testid="revenue-per-buyer">
        {perUnit(props.revenuePerBuyer)}
      </td>
      <td className={cell} data-testid="revenue-per-visitor">
        {perUnit(props.revenuePerVisitor)}
      </td>
    </>
  );
}

export function OffersSection({ report }: { report: OfferReport }) {
  return (
    <section
      aria-labelledby="offers-heading"
      className="rounded-lg border border-slate-200 bg-white p-4"
      data-testid="offers-section"
    >
      <h2 id="offers-heading" className="text-lg font-semibold">
        Offers and bumps
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        From the paid first orders of the range: take rate = taken ÷ shown; per buyer = net ÷ shown; per visitor = net ÷
        the range&apos;s {formatCount(report.visitors)} visitors (browsers, test and spam left out). Net is paid less
        refunds dated in the range; a bump gets its share of its order&apos;s refunds.
      </p>
      <h3 className="mt-4 text-sm font-semibold">Post-purchase offers</h3>
      {report.offers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No offer was shown after an order of this range.</p>
      ) : (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Offers table (scrolls sideways)">
          <table className="min-w-full text-sm" data-testid="offers-table">
            <TableHead
              row={head}
              labels={["Offer", "Shown", "Accepted", "Take rate", "Net", "Per buyer", "Per visitor"]}
              first={first}
              rest={cell}
            />
            <tbody>
              {report.offers.map((o) => (
                <tr
                  key={`${o.afterProductId}-${o.step}-${o.productId}`}
                  className="border-b border-slate-100"
                  data-offer={`${o.afterProductId}:${o.step}:${o.productId}`}
                >
                  <th scope="row" className="px-2 py-1.5 text-left font-medium">
                    {o.productName} <span className="font-normal text-slate-600">({o.step})</span>
                    <span className="block text-xs font-normal text-slate-500">after {o.afterProductName}</span>
                  </th>
                  <Figures counts={[o.shown, o.accepted]} {...o} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="mt-4 text-sm font-semibold">Order bumps</h3>
      {report.bumps.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No order of this range was offered a bump.</p>
      ) : (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Bumps table (scrolls sideways)">
          <table className="min-w-full text-sm" data-testid="bumps-table">
            <TableHead
              row={head}
              labels={["Bump", "Offered", "Taken", "Take rate", "Net", "Per buyer", "Per visitor"]}
              first={first}
              rest={cell}
            />
            <tbody>
              {report.bumps.map((b) => (
                <tr key={b.bumpId} className="border-b border-slate-100" data-bump={b.bumpProductId}>
                  <th scope="row" className="px-2 py-1.5 text-left font-medium">
                    {b.bumpProductName}
                    <span className="block text-xs font-normal text-slate-500">on the {b.productName} checkout</span>
                  </th>
                  <Figures counts={[b.offered, b.taken]} {...b} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
