import { Options } from "@/components/ui/options";
import type { Metadata } from "next";
import Link from "next/link";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { ExclusionTag } from "@/components/console/exclusion-tag";
import { FlaggedSelect } from "@/components/console/flagged-select";
import { listOrders, orderTotals } from "@/lib/console/server/orders-list";
import {
  ORDER_VIEWS,
  orderView,
  ordersExportHref,
  ordersHref,
  parseOrderFilters,
} from "@/lib/console/shared/order-filters";
import { can } from "@/lib/operators/shared/permissions";
import { listProducts } from "@/lib/payments/server/catalog";
import { formatUsd } from "@/lib/shared/money";
import { OrderStatusBadge } from "@/components/console/order-status-badge";

// A plain GET form: works without JavaScript and every view has its own URL. Paid orders by
// default; the totals are over every matching order, not only this page.

export const metadata: Metadata = { title: "Orders" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

const field = "rounded border border-slate-300 bg-white px-2 py-1.5 text-sm";

const VIEW_LABELS: Record<string, string> = { paid: "paid (refunded too)", all: "any, unpaid too" };

export default async function OrdersPage({ searchParams }: { searchParams: Search }) {
  const me = await requireOperator("console.view");
  const params = await searchParams;
  const filters = parseOrderFilters(params);
  const shortSearch = typeof params.q === "string" && params.q.trim() !== "" && !filters.q;
  const [{ rows, nextCursor }, totals, products] = await Promise.all([
    listOrders(filters),
    orderTotals(filters),
    listProducts(true),
  ]);
  const filtered = { ...filters, after: undefined };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Orders</h1>
      <form method="get" action="/admin/orders" className="flex flex-wrap items-end gap-2" aria-label="Filter orders">
        <label className="flex flex-col text-xs text-slate-600">
          Search
          <input
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            placeholder="e-mail, name or order id"
            className={field}
          />
        </label>
        <label className="flex flex-col text-xs text-slate-600">
          Status
          <select name="status" defaultValue={orderView(filters)} className={field}>
            <Options values={ORDER_VIEWS} label={(s) => VIEW_LABELS[s] ?? s.toLowerCase()} />
          </select>
        </label>
        {/* The longest product name would otherwise widen the page at 390 px. */}
        <label className="flex max-w-full min-w-0 flex-col text-xs text-slate-600">
          Product
          <select name="product" defaultValue={filters.product ?? ""} className={`${field} max-w-full`}>
            <option value="">any</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <FlaggedSelect value={filters.flagged} className={field} labelClass="flex flex-col text-xs text-slate-600" />
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="refunded" value="yes" defaultChecked={filters.refunded === "yes"} /> refunded
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="disputed" value="yes" defaultChecked={filters.disputed === "yes"} /> disputed
        </label>
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          Filter
        </button>
        <Link href="/admin/orders" className="px-1 py-1.5 text-sm text-slate-600 underline">
          Clear
        </Link>
      </form>

      {shortSearch ? (
        <p role="status" className="text-sm text-amber-900">
          Search for at least 3 characters; showing every order of this view.
        </p>
      ) : null}
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm" data-testid="order-totals">
        <span>
          <span className="font-semibold" data-testid="order-count">
            {totals.orders.toLocaleString("en-US")}
          </span>{" "}
          {totals.orders === 1 ? "order" : "orders"}
        </span>
        <span>
          gross <span className="font-semibold">{formatUsd(totals.gross)}</span>
        </span>
        <span>
          refunded <span className="font-semibold">{formatUsd(totals.refunded)}</span>
        </span>
        <span>
          net{" "}
          <span className="font-semibold" data-testid="order-net">
            {formatUsd(totals.net)}
          </span>
        </span>
        {can(me.role, "leads.export") && totals.orders > 0 ? (
          <a href={ordersExportHref(filters)} className="text-blue-700 underline" download>
            Download CSV
          </a>
        ) : null}
      </div>

      {rows.length === 0 ? (
        <p className="rounded border border-slate-200 p-4 text-slate-600">No orders match.</p>
      ) : (
        <div className="overflow-x-auto rounded border border-slate-200">
          <table className="w-full min-w-[50rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
              <tr>
                <th className="px-3 py-2">Created</th>
                <th className="px-3 py-2">Buyer</th>
                <th className="px-3 py-2">Product</th>
                <th className="px-3 py-2 text-right">Total</th>
                <th className="px-3 py-2 text-right">Refunded</th>
                <th className="px-3 py-2 text-right">Net</th>
                <th className="px-3 py-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-100" data-testid="order-row">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link href={`/admin/orders/${row.id}`} className="text-blue-700 underline">
                      {formatConsoleTime(row.createdAt, me.timeZone)}
                    </Link>
                  </td>
                  <td className="max-w-[16rem] truncate px-3 py-2" title={row.email}>
                    {row.prospectId ? (
                      <Link href={`/admin/leads/${row.prospectId}`} className="text-blue-700 underline">
                        {row.email}
                      </Link>
                    ) : (
                      row.email
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {row.productName}
                    {row.seats !== null ? (
                      <span data-testid="order-seats">
                        {` — ${row.seats} ${row.seats === 1 ? "seat" : "seats"}`}
                        {row.seats !== row.quantity ? ` (bought ${row.quantity})` : ""}
                      </span>
                    ) : row.quantity > 1 ? (
                      ` × ${row.quantity}`
                    ) : (
                      ""
                    )}
                  </td>
                  <td className="px-3 py-2 text-right">{formatUsd(row.totalAmount)}</td>
                  <td className="px-3 py-2 text-right">{row.refundedAmount ? formatUsd(row.refundedAmount) : "—"}</td>
                  <td className="px-3 py-2 text-right">{formatUsd(row.netAmount)}</td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-1">
                      <OrderStatusBadge status={row.status} refundedAmount={row.refundedAmount} />
                      <ExclusionTag kind={row.excludedAs} />
                      {row.disputed ? (
                        <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
                          disputed
                        </span>
                      ) : null}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="flex gap-3 text-sm">
        {filters.after ? (
          <Link href={ordersHref(filtered)} className="text-blue-700 underline">
            Newest
          </Link>
        ) : null}
        {nextCursor ? (
          <Link href={ordersHref(filtered, nextCursor)} className="text-blue-700 underline" rel="next">
            Older orders
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
