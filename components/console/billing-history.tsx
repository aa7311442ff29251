import Link from "next/link";
import type { BillingEvent } from "@/lib/console/server/billing-history";
import { formatMoney } from "@/lib/console/shared/console-format";
import { formatConsoleTime } from "@/lib/console/shared/format-time";

// A buyer's billing history, oldest first; shared by the lead page and the order page.

function describe(event: BillingEvent, zone: string): { what: string; amount: string } {
  const day = (d: Date) => formatConsoleTime(d, zone).split(",").slice(0, 2).join(",");
  switch (event.kind) {
    case "order":
      return { what: `Order (${event.status.toLowerCase()})`, amount: formatMoney(event.amount, event.currency) };
    case "invoice_failed":
    case "invoice_paid":
      return {
        what: `Renewal ${event.kind === "invoice_paid" ? "paid" : "payment failed"} (${day(event.periodStart)} to ${day(event.periodEnd)})`,
        amount: formatMoney(event.amount, event.currency),
      };
    case "refund":
      return { what: "Refund", amount: `−${formatMoney(event.amount, event.currency)}` };
    case "seat_change":
      return { what: `Seats ${event.fromSeats} → ${event.toSeats}`, amount: "" };
  }
}

export function BillingHistory({
  events,
  zone,
  currentOrderId,
}: {
  events: BillingEvent[];
  zone: string;
  currentOrderId?: string;
}) {
  return (
    <section aria-labelledby="billing-history-heading" className="rounded border border-slate-200 p-4">
      <h2 id="billing-history-heading" className="mb-2 font-semibold">
        Billing history
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing billed yet.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Billing history (scrolls sideways)">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="billing-history">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  When
                </th>
                <th scope="col" className="py-1 pr-3">
                  What
                </th>
                <th scope="col" className="py-1 pr-3">
                  Product
                </th>
                <th scope="col" className="py-1 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((event, i) => {
                const { what, amount } = describe(event, zone);
                return (
                  <tr key={i} className="border-t border-slate-100" data-testid="billing-event" data-kind={event.kind}>
                    <td className="py-1 pr-3 whitespace-nowrap">{formatConsoleTime(event.at, zone)}</td>
                    <td className="py-1 pr-3">{what}</td>
                    <td className="py-1 pr-3">
                      {event.orderId === currentOrderId ? (
                        event.productName
                      ) : (
                        <Link href={`/admin/orders/${event.orderId}`} className="text-blue-700 underline">
                          {event.productName}
                        </Link>
                      )}
                    </td>
                    <td className="py-1 text-right tabular-nums whitespace-nowrap">{amount}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
