import type { BuyerOrder } from "@/lib/billing/server/read-buyer-orders";
import { billingDate } from "@/lib/billing/shared/billing-rules";
import { formatUsd } from "@/lib/shared/money";

// A printable receipt: the page's buttons and the site's header and footer are left off on paper
// (print: classes here, the data-receipt rule in globals.css).

type Props = { order: BuyerOrder; sellerName: string; sellerEmail: string; buyerEmail: string };

export function ReceiptView({ order, sellerName, sellerEmail, buyerEmail }: Props) {
  return (
    <article data-receipt className="rounded-2xl border border-slate-200 bg-white p-6 print:border-0 print:p-0">
      <header className="flex flex-wrap justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold">Receipt</h1>
          <p className="text-slate-700">{sellerName}</p>
          <p className="text-slate-700">{sellerEmail}</p>
        </div>
        <dl className="text-sm text-slate-700">
          <dt className="font-semibold">Order</dt>
          <dd className="break-all">{order.id}</dd>
          <dt className="mt-1 font-semibold">Date</dt>
          <dd>{billingDate(order.createdAt)}</dd>
          <dt className="mt-1 font-semibold">Billed to</dt>
          <dd className="break-all">{buyerEmail}</dd>
        </dl>
      </header>
      <table className="mt-6 w-full text-left">
        <thead>
          <tr className="border-b border-slate-300">
            <th className="py-1">Item</th>
            <th className="py-1 text-right">Qty</th>
            <th className="py-1 text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.label} className="border-b border-slate-100">
              <td className="py-1 break-words">{line.label}</td>
              <td className="py-1 text-right tabular-nums">{line.quantity}</td>
              <td className="py-1 text-right tabular-nums">{formatUsd(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.discount > 0 ? (
            <tr>
              <td colSpan={2} className="py-1">
                Discount{order.couponCode ? ` (${order.couponCode})` : ""}
              </td>
              <td className="py-1 text-right tabular-nums">{formatUsd(-order.discount)}</td>
            </tr>
          ) : null}
          <tr className="font-bold">
            <td colSpan={2} className="py-1">
              Total paid{order.isSubscription ? " (first month)" : ""}
            </td>
            <td className="py-1 text-right tabular-nums">{formatUsd(order.total)}</td>
          </tr>
          {order.refunds.map((refund, index) => (
            <tr key={index}>
              <td colSpan={2} className="py-1">
                Refunded on {billingDate(refund.at)}
              </td>
              <td className="py-1 text-right tabular-nums">{formatUsd(-refund.amount)}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <p className="mt-4 text-slate-700">
        Paid by {order.paymentMethod}. Status: {order.state}.
      </p>
    </article>
  );
}
