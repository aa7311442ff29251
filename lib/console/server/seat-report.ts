import "server-only";
import { listProducts, type Product } from "@/lib/payments/server/catalog";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// Active seats and seat MRR (issue 12 §2): the subscriptions whose status is `active` now, their
// seats (quantity) summed per product, times the product's monthly unit price in the catalog.
// A snapshot of today, not of the chosen range: subscriptions keep no history of their states.
// Only paid orders' subscriptions: a refunded order's seats are revoked and its subscription is
// being cancelled, so it never counts. One set to cancel at period end still bills until then,
// so it counts until the provider ends it.
// The catalog, not the order, prices a seat: MRR is what the next renewal charges at today's
// price, and an order's unit_price is what was paid once.

export type ProductSeats = {
  productId: string;
  productName: string;
  subscriptions: number;
  seats: number;
  /** Catalog price per seat per month, cents; null for a product no longer in the catalog. */
  unitAmount: number | null;
  /** seats × unitAmount, cents per month; 0 when the product is unknown. */
  mrr: number;
};

export type SeatReport = { subscriptions: number; seats: number; mrr: number; products: ProductSeats[] };

type Row = { product_id: string; product_name: string; subscriptions: number; seats: number };

const SQL = `
  SELECT o.product_id, max(o.product_name) AS product_name,
         count(*)::int AS subscriptions, sum(s.quantity)::int AS seats
    FROM subscriptions s JOIN orders o ON o.id = s.order_id
   WHERE s.status = 'active' AND o.status = 'SUCCEEDED'
   GROUP BY o.product_id
   ORDER BY seats DESC, o.product_id`;

/** Monthly products of the whole catalog (test purchases too: a live one is still a seat). */
const monthlyCatalog = (): Product[] => listProducts(true).filter((p) => p.interval === "month");

export async function seatReport(
  db: ReportDb = defaultReportDb(),
  catalog: Product[] = monthlyCatalog(),
): Promise<SeatReport> {
  const { rows } = await db.query<Row>(SQL);
  const products = rows.map((row): ProductSeats => {
    const product = catalog.find((p) => p.id === row.product_id);
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
