import type { BuyerOrder } from "@/lib/billing/server/read-buyer-orders";
import { billingDate, subscriptionWords } from "@/lib/billing/shared/billing-rules";
import { formatUsd } from "@/lib/shared/money";

// One card per order: cards stack on a phone, where a table would scroll sideways.

const STATE_STYLE: Record<BuyerOrder["state"], string> = {
  paid: "bg-emerald-100 text-emerald-900",
  refunded: "bg-slate-200 text-slate-800",
  "partly refunded": "bg-amber-100 text-amber-900",
};

function subscriptionLine(order: BuyerOrder): string | null {
  const sub = order.subscription;
  if (!sub) return null;
  const seats = `${sub.seats} seat${sub.seats === 1 ? "" : "s"}`;
  const end = sub.currentPeriodEnd ? billingDate(sub.currentPeriodEnd) : null;
  if (sub.endsAtPeriodEnd) return `Subscription: ${seats}, ends ${end ?? "at the end of the period"}`;
  const renews = end && sub.status === "active" ? `, renews ${end}` : "";
  const words = subscriptionWords(sub.status);
  return `Subscription: ${words}, ${seats}${renews}`;
}

export function OrderList({ orders }: { orders: BuyerOrder[] }) {
  if (orders.length === 0) return <p className="mt-6">There are no paid orders with this address.</p>;
  return (
    <ul className="mt-6 flex flex-col gap-4" aria-label="Your orders">
      {orders.map((order) => (
        <li key={order.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="text-lg font-bold break-words">{order.productName}</h2>
              <p className="text-sm text-slate-600">
                {billingDate(order.createdAt)}
                {order.parentOrderId ? " · added after your purchase" : ""}
              </p>
            </div>
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATE_STYLE[order.state]}`}>
              {order.state}
            </span>
          </div>
          <ul className="mt-3 text-slate-800">
            {order.lines.map((line) => (
              <li key={line.label} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">
                  {line.label}
                  {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                </span>
                <span className="tabular-nums">{formatUsd(line.amount)}</span>
              </li>
            ))}
            {order.discount > 0 ? (
              <li className="flex justify-between gap-3 text-emerald-800">
                <span>Discount{order.couponCode ? ` (${order.couponCode})` : ""}</span>
                <span className="tabular-nums">{formatUsd(-order.discount)}</span>
              </li>
            ) : null}
            <li className="mt-1 flex justify-between gap-3 border-t border-slate-200 pt-1 font-bold">
              <span>Paid</span>
              <span className="tabular-nums">{formatUsd(order.total)}</span>
            </li>
            {order.refunded > 0 ? (
              <li className="flex justify-between gap-3">
                <span>Refunded</span>
                <span className="tabular-nums">{formatUsd(-order.refunded)}</span>
              </li>
            ) : null}
          </ul>
          {subscriptionLine(order) ? <p className="mt-2 text-slate-700">{subscriptionLine(order)}</p> : null}
          <a href={`/billing/receipts/${order.id}`} className="mt-3 inline-block font-semibold text-brand underline">
            Receipt
          </a>
        </li>
      ))}
    </ul>
  );
}
