import "server-only";
import type { NextRequest } from "next/server";
import { firstVisitBrowser, isPrefetch, type FirstVisit } from "@/lib/experiments/server/first-visit-browser";
import { surfaceState } from "@/lib/experiments/server/surface-state";
import { isSubjectOf } from "@/lib/experiments/shared/catalog-subjects";
import { findProduct } from "@/lib/payments/server/catalog";
import { priceForBrowser } from "@/lib/payments/server/experiment-price";
import { readBrowserId } from "@/lib/platform/server/security/browser-cookie";
import { pricedProductOf, type PagePricing } from "@/lib/site/shared/priced-pages";

// Decided in proxy.ts before Next.js looks at its cache, as the landing's variant is: the price a
// browser reads on a cached sales page is the one checkout charges it, from the same priceForBrowser
// (docs/decisions/0039-per-variant-priced-pages.md).

export type PricedPageDecision = {
  /** null: the catalog's price, the page's ordinary cached copy. */
  pricing: PagePricing | null;
  /** A running test: the answer is this browser's, which no shared cache may keep. */
  perVisitor: boolean;
  /** Minted here when the page is the browser's first. */
  firstVisit: FirstVisit | null;
};

const CATALOG: PricedPageDecision = { pricing: null, perVisitor: false, firstVisit: null };

/** `minted`: a browser id the landing's decision already gave this request. */
export async function decidePricedPage(
  request: NextRequest,
  minted: FirstVisit | null = null,
): Promise<PricedPageDecision> {
  const productCode = pricedProductOf(request.nextUrl.pathname);
  if (!productCode) return CATALOG;
  let state;
  try {
    state = await surfaceState("price");
  } catch {
    // While the database cannot say, the catalog's copy, kept by no shared cache.
    return { ...CATALOG, perVisitor: true };
  }
  const ofProduct = (record: typeof state.running) =>
    record !== null && isSubjectOf("price", record.subject) && record.subject.productCode === productCode;
  const running = ofProduct(state.running);
  if (!running && !(state.rollout && ofProduct(state.stopped))) return CATALOG;

  const firstVisit = minted ?? (running ? firstVisitBrowser(request) : null);
  const product = await findProduct(productCode);
  if (!product) return { ...CATALOG, perVisitor: running, firstVisit };
  const visitor = {
    browserId: firstVisit?.browserId ?? readBrowserId(request),
    userAgent: request.headers.get("user-agent"),
    prefetch: isPrefetch(request.headers),
    preview: request.nextUrl.searchParams.get("preview"),
  };
  let priced;
  try {
    priced = await priceForBrowser(product, visitor);
  } catch {
    // The page stays up; the checkout, which cannot price either, charges nothing.
    return { ...CATALOG, perVisitor: true, firstVisit: minted ? null : firstVisit };
  }
  const amount = priced.product.unitAmount;
  // The catalog's own price needs no copy of its own.
  const pricing = priced.variant && amount !== product.unitAmount ? { productCode, amount } : null;
  return { pricing, perVisitor: running, firstVisit: minted ? null : firstVisit };
}
