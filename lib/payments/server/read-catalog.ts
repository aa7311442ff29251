import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { processCache } from "@/lib/platform/server/process-cache";
import { planOfColumns, type PaymentPlan } from "@/lib/payments/shared/payment-plan";
import type { QuantityKind } from "@/lib/payments/shared/quantity-limits";

// Every price the funnel charges or shows is read here. Cached in process like the split tests'
// surface state: a price published elsewhere reaches this instance within CATALOG_CACHE_MS.

export const CATALOG_CACHE_MS = 5_000;

export type CatalogProduct = {
  id: string;
  name: string;
  unitAmount: number;
  regularAmount: number | null;
  currency: "usd";
  interval: "one_time" | "month";
  minQuantity: number;
  maxQuantity: number;
  quantityKind: QuantityKind;
  /** The catalog_prices row this price is: an order records it. */
  priceId: string;
  version: number;
  /** The price's payment plan, beside paying in full; null when it has none. */
  plan: PaymentPlan | null;
  /** When this price version was published: a price test's rollout gives way to a newer one. */
  publishedAt: Date;
};

async function loadCatalog(): Promise<readonly CatalogProduct[]> {
  const products = await getDb().catalogProduct.findMany({
    orderBy: { position: "asc" },
    include: { prices: { orderBy: { version: "desc" }, take: 1 } },
  });
  return products.flatMap((product): CatalogProduct[] => {
    const price = product.prices[0];
    if (!price) return [];
    const perSeat = product.kind === "SUBSCRIPTION_PER_SEAT";
    return [
      {
        id: product.code,
        name: product.name,
        unitAmount: price.unitAmount,
        regularAmount: price.referenceAmount,
        currency: "usd",
        interval: perSeat ? "month" : "one_time",
        minQuantity: price.minQuantity,
        maxQuantity: price.maxQuantity,
        quantityKind: perSeat ? "seats" : price.maxQuantity === 1 ? "single" : "copies",
        priceId: price.id,
        version: price.version,
        plan: perSeat ? null : planOfColumns(price),
        publishedAt: price.createdAt,
      },
    ];
  });
}

const cache = processCache("catalog", CATALOG_CACHE_MS, loadCatalog);

/** The current price of every product, test product included, in list order. */
export function readCatalog(now = Date.now()): Promise<readonly CatalogProduct[]> {
  return cache.read(null, now);
}

/** So this instance charges, and its pages show, a price it published itself at once. */
export function forgetCatalog(): void {
  cache.forget();
}
