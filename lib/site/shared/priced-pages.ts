// Which product's price each cached sales page prints, and the internal address of its copy for one
// price (docs/decisions/0039-per-variant-priced-pages.md). proxy.ts rewrites a page there when a
// price test or roll-out gives the browser another price than the catalog's.

export type PagePricing = { productCode: string; amount: number };

/** Internal: a request that names the prefix directly gets a 404. */
export const PRICED_ROUTE_PREFIX = "/priced/";

const BOOK = "fast-forward-book";
/** Also the product `/oto-realtime-ai-academy` prices for its browser: it is rendered per request. */
export const COURSE = "ai-step-by-step";

/** `/` is the landing, rewritten to its variant first. Seats are never price-tested. */
const PAGE_PRODUCTS: ReadonlyMap<string, string> = new Map([
  ["/", BOOK],
  ["/paid", BOOK],
  ["/paid-alt", BOOK],
  ["/offer", COURSE],
  ["/checkout-realtime-academy", COURSE],
]);

const PRICED_PRODUCTS: ReadonlySet<string> = new Set(PAGE_PRODUCTS.values());

export function pricedProductOf(path: string): string | null {
  return PAGE_PRODUCTS.get(path) ?? null;
}

/** `page` is the route the page renders from: `/paid`, or `/landing/paid` for `/`. */
export function pricedRoute(pricing: PagePricing, page: string): string {
  return `${PRICED_ROUTE_PREFIX}${pricing.productCode}~${pricing.amount}${page}`;
}

/** The route segment back to a price; null for anything the proxy would not have written. */
export function parsePricing(segment: string): PagePricing | null {
  const match = /^([a-z0-9-]+)~([1-9][0-9]{0,8})$/.exec(segment);
  if (!match || !PRICED_PRODUCTS.has(match[1]!)) return null;
  return { productCode: match[1]!, amount: Number(match[2]) };
}
