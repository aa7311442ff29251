import "server-only";
import { listProducts, type Product } from "@/lib/payments/server/catalog";
import { countedOrderSql } from "@/lib/shared/excluded-rows";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// A snapshot of today, not of the range: subscriptions keep no history (docs/operations.md#report-definitions).
// The catalog prices a seat: MRR is what the next renewal charges at today's price.

export type ProductSeats = {
  productId: string;
  productName: string;
  subscriptions: number;
  seats: number;
  unitAmount: number | null;
  mrr: number;
};

export type SeatReport = { subscriptions: number; seats: number; mrr: number; products: ProductSeats[] };

type Row = { product_id: string; product_name: string; subscriptions: number; seats: number };

const SQL = `
  SELECT o.product_id, max(o.product_name) AS product_name,
         count(*)::int AS subscriptions, sum(s.quantity)::int AS seats
    FROM subscriptions s JOIN orders o ON o.id = s.order_id
   WHERE s.status = 'active' AND o.status = 'SUCCEEDED' AND ${countedOrderSql("o")}
   GROUP BY o.product_id
   ORDER BY seats DESC, o.product_id`;

/** One subscription's share of the MRR, by the same rule as the report: active, paid, not flagged. */
export function subscriptionMrr(
  order: { productId: string; status: string; excludedAs: string | null },
  subscription: { status: string; quantity: number },
  catalog: Product[],
): number {
  if (subscription.status !== "active" || order.status !== "SUCCEEDED" || order.excludedAs !== null) return 0;
  return (catalog.find((p) => p.id === order.productId)?.unitAmount ?? 0) * subscription.quantity;
}

/** Test purchases too: a live one is still a seat. */
export const monthlyCatalog = async (): Promise<Product[]> =>
  (await listProducts(true)).filter((p) => p.interval === "month");

export async function seatReport(db: ReportDb = defaultReportDb(), catalog?: Product[]): Promise<SeatReport> {
  const [{ rows }, monthly] = await Promise.all([db.query<Row>(SQL), catalog ?? monthlyCatalog()]);
  const products = rows.map((row): ProductSeats => {
    const product = monthly.find((p) => p.id === row.product_id);
    return {
      productId: row.product_id,
      productName: product?.name ?? row.product_name,
      subscriptions: row.subscriptions,
      seats: row.seats,
      unitAmount: product?.unitAmount ?? null,
      mrr: product ? product.unitAmount * row.seats : 0,
    };
  });
  return {
    subscriptions: products.reduce((sum, p) => sum + p.subscriptions, 0),
    seats: products.reduce((sum, p) => sum + p.seats, 0),
    mrr: products.reduce((sum, p) => sum + p.mrr, 0),
    products,
  };
}
