import "server-only";
import type { OrderFilters } from "@/lib/console/shared/order-filters";
import { orderStatusLabel } from "@/lib/console/shared/order-status";
import { orderFilterSql, whereOf } from "@/lib/console/server/order-filter-sql";
import { listProducts } from "@/lib/payments/server/catalog";
import { decimalUsd } from "@/lib/shared/money";

// The orders CSV, from the orders list's filter or a leads filter: dollars from integer cents,
// catalog product names and the status the console shows, so a spreadsheet agrees with the console.

export const ORDER_EXPORT_COLUMNS = [
  "order_id",
  "created_at",
  "paid_at",
  "email",
  "name",
  "prospect_id",
  "product",
  "add_on",
  "quantity",
  "current_seats",
  "unit_price",
  "total",
  "refunded",
  "net",
  "currency",
  "status",
  "gateway",
  "provider_payment_id",
  "first_utm_source",
  "first_utm_campaign",
  "excluded_as",
] as const;

/** The columns the row mapper reads, in its order; `o` is the orders table. */
export const ORDER_EXPORT_SELECT = `o.id, o.created_at, o.fulfilled_at, o.email, o.name, o.prospect_id, o.product_id,
  o.product_name,
  COALESCE((SELECT string_agg(b.product_code, ',' ORDER BY b.position) FROM order_bumps b WHERE b.order_id = o.id),
    o.upsell_product_id) AS add_ons,
  o.quantity,
  (SELECT s.quantity FROM subscriptions s WHERE s.order_id = o.id) AS seats,
  o.unit_price, o.total_amount,
  COALESCE((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id), 0)::int AS refunded,
  o.currency, o.status::text, o.gateway, o.provider_payment_id, o.first_utm_source, o.first_utm_campaign,
  COALESCE(o.excluded_as::text, '') AS excluded_as`;

const cents = (value: unknown): number => (typeof value === "number" ? value : Number(value));

/** The export's row mapper, naming products as the catalog names them when the export starts. */
export async function orderExportRows(): Promise<(row: unknown[]) => unknown[]> {
  const names = new Map((await listProducts(true)).map((p) => [p.id, p.name]));
  return (row) => orderExportRow(row, names);
}

/** A stored product name is what the checkout said then; the catalog names it today. */
function productName(names: ReadonlyMap<string, string>, id: unknown, stored: unknown): string {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return names.get(text(id)) ?? (text(stored) || text(id));
}

function orderExportRow(row: unknown[], names: ReadonlyMap<string, string>): unknown[] {
  const [id, createdAt, paidAt, email, name, prospectId, productId, stored, upsellId, quantity, seats] = row;
  const [unitPrice, total, refunded, currency, status, gateway, paymentId, utmSource, utmCampaign, excludedAs] =
    row.slice(11);
  return [
    id,
    createdAt,
    paidAt,
    email,
    name,
    prospectId,
    productName(names, productId, stored),
    // Every order bump, by today's catalog names; an order from before bumps has its one add-on.
    typeof upsellId === "string"
      ? upsellId
          .split(",")
          .map((id) => productName(names, id, id))
          .join(", ")
      : "",
    quantity,
    seats,
    decimalUsd(cents(unitPrice)),
    decimalUsd(cents(total)),
    decimalUsd(cents(refunded)),
    decimalUsd(cents(total) - cents(refunded)),
    String(currency).toUpperCase(),
    orderStatusLabel(String(status), cents(refunded)),
    gateway,
    paymentId,
    utmSource,
    utmCampaign,
    excludedAs,
  ];
}

export type OrderExportQuery = { sql: string; order: string; params: unknown[] };

export function orderExportQuery(filters: OrderFilters): OrderExportQuery {
  const { conditions, params } = orderFilterSql(filters);
  return {
    sql: `SELECT ${ORDER_EXPORT_SELECT} FROM orders o ${whereOf(conditions)}`,
    order: "ORDER BY o.created_at DESC, o.id DESC",
    params,
  };
}
