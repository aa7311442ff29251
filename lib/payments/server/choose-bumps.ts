import "server-only";
import { ApiError } from "@/lib/platform/shared/api-error";
import { listProducts, type Product } from "@/lib/payments/server/catalog";
import { readBumps, type CatalogBump } from "@/lib/payments/server/read-bumps";
import { catalogVariant, type CatalogVisitor } from "@/lib/experiments/server/catalog-variant";
import { resolveBumps } from "@/lib/experiments/shared/catalog-subjects";

// Which bumps a checkout offers and which a request bought: only the product's active bumps whose
// own product is on sale, priced by that product's current catalog price.

export type OfferedBump = { bump: CatalogBump; product: Product };

/**
 * The product's active bumps, in checkout order; none for a subscription. With a visitor, only those
 * the browser's variant of a bump test shows.
 */
export async function offeredBumps(product: Product, visitor?: CatalogVisitor): Promise<OfferedBump[]> {
  if (product.interval !== "one_time") return [];
  const [bumps, products] = await Promise.all([readBumps(), listProducts()]);
  const offered = bumps.flatMap((bump) => {
    const sold = products.find((p) => p.id === bump.bumpProductCode);
    return bump.active && bump.productCode === product.id && sold?.interval === "one_time"
      ? [{ bump, product: sold }]
      : [];
  });
  const tested = visitor && offered.length > 0 ? await catalogVariant("bump", product.id, visitor) : null;
  if (!tested) return offered;
  const shown = resolveBumps(
    tested.subject,
    tested.variant,
    offered.map((o) => ({ id: o.bump.id, offered: o })),
  );
  return shown.map((s) => s.offered);
}

/**
 * The bumps a create-payment-intent request names, in checkout order. `includeUpsell` is the
 * product's first bump; an id that is not one of the product's active bumps is refused.
 */
export async function chooseBumps(
  product: Product,
  request: { includeUpsell?: boolean | undefined; bumps?: readonly string[] | undefined },
  visitor?: CatalogVisitor,
): Promise<OfferedBump[]> {
  const ids = request.bumps ?? [];
  // The add-on was never added to a subscription; the request keeps being answered, without it.
  if (ids.length === 0 && (!request.includeUpsell || product.interval !== "one_time")) return [];
  const offered = await offeredBumps(product, visitor);
  const wanted = new Set(ids);
  if (request.includeUpsell) {
    const first = offered[0];
    if (!first) throw new ApiError("bump_not_offered", "This product has no add-on to include.");
    wanted.add(first.bump.id);
  }
  const chosen = offered.filter((o) => wanted.has(o.bump.id));
  if (chosen.length !== wanted.size) throw new ApiError("bump_not_offered");
  return chosen;
}
