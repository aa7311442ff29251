import "server-only";
import { getDb } from "@/lib/platform/server/db";
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
  /** When this price version was published: a price test's rollout gives way to a newer one. */
  publishedAt: Date;
};

type Cached = { at: number; catalog: Promise<readonly CatalogProduct[]> };

// On globalThis: Next.js bundles route handlers and pages apart, each with its own copy of this
// module, and a publish (a route) must also clear the copy the cached pages render with.
const shared = globalThis as unknown as { fastForwardCatalog?: Cached | null };

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
        publishedAt: price.createdAt,
      },
    ];
  });
}

/** The current price of every product, test product included, in list order. */
export function readCatalog(now = Date.now()): Promise<readonly CatalogProduct[]> {
  const cached = shared.fastForwardCatalog;
  if (cached && now - cached.at < CATALOG_CACHE_MS) return cached.catalog;
  const catalog = loadCatalog();
  const entry = { at: now, catalog };
  shared.fastForwardCatalog = entry;
  catalog.catch(() => {
    if (shared.fastForwardCatalog === entry) shared.fastForwardCatalog = null;
  });
  return catalog;
}

/** So this instance charges, and its pages show, a price it published itself at once. */
export function forgetCatalog(): void {
  shared.fastForwardCatalog = null;
}
