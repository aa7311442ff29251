import "server-only";
import { countedOrderSql } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// A snapshot of today, not of the range: subscriptions keep no history (docs/operations.md#report-definitions).
// Each subscription's seats are priced at its order's own seat price, what its next renewal charges:
// a catalog price change applies to new orders only.
// Payment plans are left out: a fixed number of instalments is not recurring revenue (decision 0042).

export type ProductSeats = {
  productId: string;
  productName: string;
  subscriptions: number;
  seats: number;
  unitAmount: number | null;
  mrr: number;
};

export type SeatReport = { subscriptions: number; seats: number; mrr: number; products: ProductSeats[] };

type Row = {
  product_id: string;
  product_name: string;
  subscriptions: number;
  seats: number;
  unit_amount: number | null;
  mrr: string;
};

const SQL = `
  SELECT o.product_id, max(o.product_name) AS product_name,
         count(*)::int AS subscriptions, sum(s.quantity)::int AS seats,
         -- one seat price for the product, or null when its orders were priced differently
         CASE WHEN min(o.unit_price) = max(o.unit_price) THEN min(o.unit_price) END AS unit_amount,
         sum(s.quantity::bigint * o.unit_price)::text AS mrr
    FROM subscriptions s JOIN orders o ON o.id = s.order_id
   WHERE s.status = 'active' AND o.status = 'SUCCEEDED' AND s.plan_instalments IS NULL AND ${countedOrderSql("o")}
   GROUP BY o.product_id
   ORDER BY seats DESC, o.product_id`;

/** One subscription's share of the MRR, by the same rule as the report: active, paid, not flagged. */
export function subscriptionMrr(
  order: { unitPrice: number; status: string; excludedAs: string | null },
  subscription: { status: string; quantity: number; planInstalments: number | null },
): number {
  if (subscription.planInstalments !== null) return 0;
  if (subscription.status !== "active" || order.status !== "SUCCEEDED" || order.excludedAs !== null) return 0;
  return order.unitPrice * subscription.quantity;
}

export async function seatReport(db: ReportDb = defaultReportDb()): Promise<SeatReport> {
  const { rows } = await db.query<Row>(SQL);
  // MRR stays far below 2^53 cents.
  const products = rows.map((row): ProductSeats => ({
    productId: row.product_id,
    productName: row.product_name,
    subscriptions: row.subscriptions,
    seats: row.seats,
    unitAmount: row.unit_amount,
    mrr: Number(row.mrr),
  }));
  return {
    subscriptions: products.reduce((sum, p) => sum + p.subscriptions, 0),
    seats: products.reduce((sum, p) => sum + p.seats, 0),
    mrr: products.reduce((sum, p) => sum + p.mrr, 0),
    products,
  };
}
