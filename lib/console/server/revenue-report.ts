import "server-only";
import type { ReportRange } from "@/lib/shared/report-range";
import { countedOrderSql } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import { inRange, renewalInvoiceTotalsSql } from "@/lib/console/server/renewal-invoice-totals";

// Refunds count by refund date, whatever month the order was paid in; an upsell counts under its
// order's main product; a subscription's renewals count by the date they were paid, and a renewal
// whose payment failed by the date it failed while it stays unpaid (docs/operations.md#report-definitions).

export type ProductRevenue = {
  productId: string;
  productName: string;
  currency: string;
  paidOrders: number;
  refundedOrders: number;
  /** Orders and renewals paid. */
  gross: number;
  refunded: number;
  net: number;
  /** Renewal invoices paid in the range, and the part of gross they are. */
  renewals: number;
  renewalGross: number;
  /** Renewal invoices that failed in the range and are still unpaid: what they were for. */
  failedRenewals: number;
  failedRenewalAmount: number;
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
  renewals: number;
  renewal_gross: string;
  failed_renewals: number;
  failed_amount: string;
};

const RENEWED = renewalInvoiceTotalsSql({
  keys: ["o.product_id", "si.currency"],
  also: ["max(o.product_name) AS product_name"],
  where: `(${inRange("si.paid_at")}) OR (${inRange("si.failed_at")})`,
  totals: [
    { count: "renewals", amount: "renewal_gross", when: inRange("si.paid_at") },
    { count: "failed_renewals", amount: "failed_amount", when: `si.status = 'failed' AND ${inRange("si.failed_at")}` },
  ],
});

const SQL = `
  WITH paid AS (
    SELECT product_id, max(product_name) AS product_name, currency,
           count(*)::int AS paid_orders, sum(total_amount)::bigint AS gross
      FROM orders o
     WHERE status IN ('SUCCEEDED', 'REFUNDED') AND created_at >= $1 AND created_at < $2 AND ${countedOrderSql("o")}
     GROUP BY product_id, currency
  ), renewed AS (
    ${RENEWED}
  ), given_back AS (
    SELECT o.product_id, max(o.product_name) AS product_name, r.currency,
           count(DISTINCT r.order_id)::int AS refunded_orders, sum(r.amount)::bigint AS refunded
      FROM refunds r JOIN orders o ON o.id = r.order_id
     WHERE r.created_at >= $1 AND r.created_at < $2 AND ${countedOrderSql("o")}
     GROUP BY o.product_id, r.currency
  ), keys AS (
    SELECT product_id, currency FROM paid
    UNION SELECT product_id, currency FROM renewed
    UNION SELECT product_id, currency FROM given_back
  )
  SELECT k.product_id, COALESCE(p.product_name, rn.product_name, g.product_name) AS product_name, k.currency,
         COALESCE(p.paid_orders, 0) AS paid_orders,
         COALESCE(g.refunded_orders, 0) AS refunded_orders,
         (COALESCE(p.gross, 0) + COALESCE(rn.renewal_gross, 0))::bigint AS gross,
         COALESCE(g.refunded, 0)::bigint AS refunded,
         COALESCE(rn.renewals, 0) AS renewals,
         COALESCE(rn.renewal_gross, 0)::bigint AS renewal_gross,
         COALESCE(rn.failed_renewals, 0) AS failed_renewals,
         COALESCE(rn.failed_amount, 0)::bigint AS failed_amount
    FROM keys k
    LEFT JOIN paid p ON p.product_id = k.product_id AND p.currency = k.currency
    LEFT JOIN renewed rn ON rn.product_id = k.product_id AND rn.currency = k.currency
    LEFT JOIN given_back g ON g.product_id = k.product_id AND g.currency = k.currency
   ORDER BY gross DESC, k.product_id`;

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
      renewals: r.renewals,
      renewalGross: Number(r.renewal_gross),
      failedRenewals: r.failed_renewals,
      failedRenewalAmount: Number(r.failed_amount),
    })),
  };
}
