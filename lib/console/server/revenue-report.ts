import "server-only";
import type { ReportRange } from "@/lib/shared/report-range";
import { countedOrderSql } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// Refunds count by refund date, whatever month the order was paid in; an upsell counts under its
// order's main product (docs/operations.md#report-definitions).

export type ProductRevenue = {
  productId: string;
  productName: string;
  currency: string;
  paidOrders: number;
  refundedOrders: number;
  gross: number;
  refunded: number;
  net: number;
};

export type RevenueReport = { from: Date; to: Date; products: ProductRevenue[] };

type Row = {
  product_id: string;
  product_name: string;
  currency: string;
  paid_orders: number;
  refunded_orders: number;
  gross: string;
  refunded: string;
};

const SQL = `
  WITH paid AS (
    SELECT product_id, max(product_name) AS product_name, currency,
           count(*)::int AS paid_orders, sum(total_amount)::bigint AS gross
      FROM orders o
     WHERE status IN ('SUCCEEDED', 'REFUNDED') AND created_at >= $1 AND created_at < $2 AND ${countedOrderSql("o")}
     GROUP BY product_id, currency
  ), given_back AS (
    SELECT o.product_id, max(o.product_name) AS product_name, r.currency,
           count(DISTINCT r.order_id)::int AS refunded_orders, sum(r.amount)::bigint AS refunded
      FROM refunds r JOIN orders o ON o.id = r.order_id
     WHERE r.created_at >= $1 AND r.created_at < $2 AND ${countedOrderSql("o")}
     GROUP BY o.product_id, r.currency
  )
  SELECT COALESCE(p.product_id, g.product_id) AS product_id,
         COALESCE(p.product_name, g.product_name) AS product_name,
         COALESCE(p.currency, g.currency) AS currency,
         COALESCE(p.paid_orders, 0) AS paid_orders,
         COALESCE(g.refunded_orders, 0) AS refunded_orders,
         COALESCE(p.gross, 0)::bigint AS gross,
         COALESCE(g.refunded, 0)::bigint AS refunded
    FROM paid p
    FULL JOIN given_back g ON g.product_id = p.product_id AND g.currency = p.currency
   ORDER BY gross DESC, product_id`;

export async function revenueReport(input: ReportRange, db: ReportDb = defaultReportDb()): Promise<RevenueReport> {
  const { rows } = await db.query<Row>(SQL, [input.from, input.to]);
  return {
    from: input.from,
    to: input.to,
    // bigint comes back as a string; one product's cents over a year stay far below 2^53.
    products: rows.map((r) => ({
      productId: r.product_id,
      productName: r.product_name,
      currency: r.currency,
      paidOrders: r.paid_orders,
      refundedOrders: r.refunded_orders,
      gross: Number(r.gross),
      refunded: Number(r.refunded),
      net: Number(r.gross) - Number(r.refunded),
    })),
  };
}
