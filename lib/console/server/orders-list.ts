import "server-only";
import type { OrderFilters } from "@/lib/console/shared/order-filters";
import { orderFilterSql, whereOf } from "@/lib/console/server/order-filter-sql";
import { decodeUuidCursor, encodeCursor } from "@/lib/shared/keyset-cursor";
import { isExclusionKind, type ExclusionKind } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// Keyset paging on (created_at, id), so page 1,000 costs what page 1 does. The totals are over the
// whole filter, not the page, and come from the same filter SQL as the CSV export.

export const ORDERS_PAGE_SIZE = 50;

export type OrderRow = {
  id: string;
  createdAt: Date;
  email: string;
  name: string;
  prospectId: string | null;
  productId: string;
  productName: string;
  quantity: number;
  /** The seat subscription's current seats; null for a one-time purchase. */
  seats: number | null;
  totalAmount: number;
  currency: string;
  status: string;
  gateway: string;
  refundedAmount: number;
  netAmount: number;
  disputed: boolean;
  excludedAs: ExclusionKind | null;
};

export type OrderPage = { rows: OrderRow[]; nextCursor: string | null };

export type OrderTotals = { orders: number; gross: number; refunded: number; net: number };

type Row = {
  id: string;
  created_at: Date;
  email: string;
  name: string;
  prospect_id: string | null;
  product_id: string;
  product_name: string;
  quantity: number;
  seats: number | null;
  total_amount: number;
  currency: string;
  status: string;
  gateway: string;
  refunded: number;
  disputed: boolean;
  excluded_as: string | null;
};

export async function listOrders(
  filters: OrderFilters,
  pageSize = ORDERS_PAGE_SIZE,
  db: ReportDb = defaultReportDb(),
): Promise<OrderPage> {
  const { conditions, params } = orderFilterSql(filters);
  const cursor = decodeUuidCursor(filters.after);
  if (cursor) {
    params.push(cursor.at, cursor.id);
    const [at, id] = [`$${params.length - 1}`, `$${params.length}`];
    // A plain upper bound first, so the index scan starts at the cursor.
    conditions.push(`o.created_at <= ${at}`, `(o.created_at < ${at} OR o.id < ${id}::uuid)`);
  }
  params.push(pageSize + 1);
  const { rows } = await db.query<Row>(
    `SELECT o.id, o.created_at, o.email, o.name, o.prospect_id, o.product_id, o.product_name, o.quantity,
            s.quantity AS seats, o.total_amount, o.currency, o.status::text AS status, o.gateway,
            COALESCE((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id), 0)::int AS refunded,
            EXISTS (SELECT 1 FROM disputes d WHERE d.order_id = o.id) AS disputed,
            o.excluded_as::text AS excluded_as
       FROM orders o LEFT JOIN subscriptions s ON s.order_id = o.id
      ${whereOf(conditions)}
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      email: r.email,
      name: r.name,
      prospectId: r.prospect_id,
      productId: r.product_id,
      productName: r.product_name,
      quantity: r.quantity,
      seats: r.seats,
      totalAmount: r.total_amount,
      currency: r.currency,
      status: r.status,
      gateway: r.gateway,
      refundedAmount: r.refunded,
      netAmount: r.total_amount - r.refunded,
      disputed: r.disputed,
      excludedAs: isExclusionKind(r.excluded_as) ? r.excluded_as : null,
    })),
    nextCursor: rows.length > pageSize && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
  };
}

/** Count, gross, refunded and net of every order the filter matches, not only the page shown. */
export async function orderTotals(filters: OrderFilters, db: ReportDb = defaultReportDb()): Promise<OrderTotals> {
  const { conditions, params } = orderFilterSql(filters);
  const { rows } = await db.query<{ orders: number; gross: string; refunded: string }>(
    `SELECT count(*)::int AS orders, COALESCE(sum(o.total_amount), 0)::bigint AS gross,
            COALESCE(sum(r.refunded), 0)::bigint AS refunded
       FROM orders o
       LEFT JOIN (SELECT order_id, sum(amount) AS refunded FROM refunds GROUP BY order_id) r ON r.order_id = o.id
      ${whereOf(conditions)}`,
    params,
  );
  const row = rows[0];
  // bigint comes back as a string; cents stay far below 2^53.
  const gross = Number(row?.gross ?? 0);
  const refunded = Number(row?.refunded ?? 0);
  return { orders: row?.orders ?? 0, gross, refunded, net: gross - refunded };
}
