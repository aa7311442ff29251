import "server-only";
import { catalogVariant, type CatalogVisitor } from "@/lib/experiments/server/catalog-variant";
import { resolvePrice } from "@/lib/experiments/shared/catalog-subjects";
import type { Product } from "@/lib/payments/server/catalog";

// The price a browser is shown and charged for a product: a running price test's variant (its
// exposure decides, never the request), a rolled-out variant until the catalog publishes a newer
// price, else the catalog's. Seats keep the catalog price: their later changes are priced by it.

export type ExperimentPrice = { product: Product; variant: { key: string; source: string } | null };

export async function priceForBrowser(product: Product, visitor: CatalogVisitor): Promise<ExperimentPrice> {
  if (product.interval !== "one_time") return { product, variant: null };
  const found = await catalogVariant("price", product.id, visitor);
  if (!found) return { product, variant: null };
  if (found.source === "rollout" && found.stoppedAt && product.publishedAt > found.stoppedAt) {
    return { product, variant: null };
  }
  const unitAmount = resolvePrice(found.subject, found.variant, product.unitAmount);
  return { product: { ...product, unitAmount }, variant: { key: found.variant, source: found.source } };
}
