import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import { isBuildPhase } from "@/lib/platform/server/config";
import { findProduct, listProducts } from "@/lib/payments/server/catalog";
import { priceForBrowser } from "@/lib/payments/server/experiment-price";
import type { CatalogVisitor } from "@/lib/experiments/server/catalog-variant";
import { salesPricesOf, type SalesPrices } from "@/lib/site/shared/prices";
import { parsePricing, type PagePricing } from "@/lib/site/shared/priced-pages";

// Cached pages show what the catalog charges when they are rendered; a published price reaches
// them at their next revalidation (PAGE_REVALIDATE_SECONDS), or at once where the page is revalidated.
// A price-test copy (app/priced/) shows its variant's price instead (docs/decisions/0039).

const NOT_RENDERED_YET: SalesPrices = {
  book: { normalPrice: 0, paidPrice: 0 },
  course: { regularPrice: 0, offerPrice: 0 },
  team: { seatPrice: 0, normalSeatPrice: 0 },
};

/** One render's price in place of the catalog's: the components that print prices are many and deep. */
const renderPricing = cache((): { pricing: PagePricing | null } => ({ pricing: null }));

/** Called by a priced copy's page and metadata before anything of theirs reads a price. */
export async function priceThisRender(params: Promise<{ pricing: string }>): Promise<void> {
  const pricing = parsePricing(decodeURIComponent((await params).pricing));
  if (!pricing) notFound();
  renderPricing().pricing = pricing;
}

/** A page rendered per request prices its product for its own browser, as the checkout will charge it. */
export async function priceThisRenderFor(productCode: string, visitor: CatalogVisitor): Promise<void> {
  if (isBuildPhase()) return;
  const product = await findProduct(productCode);
  if (!product) return;
  const priced = await priceForBrowser(product, visitor);
  if (priced.variant && priced.product.unitAmount !== product.unitAmount) {
    renderPricing().pricing = { productCode, amount: priced.product.unitAmount };
  }
}

export async function readSalesPrices(): Promise<SalesPrices> {
  if (isBuildPhase()) return NOT_RENDERED_YET;
  const products = await listProducts(true);
  const pricing = renderPricing().pricing;
  if (!pricing) return salesPricesOf(products);
  // As priceForBrowser prices the checkout: the unit amount only, the reference price unchanged.
  return salesPricesOf(products.map((p) => (p.id === pricing.productCode ? { ...p, unitAmount: pricing.amount } : p)));
}
