import { LANDING_VARIANTS, type LandingVariant } from "@/lib/experiments/shared/surfaces";

// Which pages Next.js serves from its cache (issue 14 §1) and what proxy.ts tells browsers and
// CDNs about them. A page is listed here only if it reads nothing per visitor (no cookies, search
// parameters, request headers or database rows of one visitor): its HTML is the same for everyone,
// so the proxy gives it the same CSP nonce on every request (lib/site/server/page-nonce.ts) and
// the cached render's scripts keep running. tests/integration/page-cache.test.ts checks this list
// against the build's prerender manifest, both ways.

/** Seconds a cached page (and a CDN's copy) stays fresh; app/layout.tsx repeats it as a literal. */
export const PAGE_REVALIDATE_SECONDS = 300;

/** How long a CDN may serve a stale copy while it fetches a fresh one. */
export const STALE_WHILE_REVALIDATE_SECONDS = 3600;

export const PUBLIC_PAGE_CACHE_CONTROL = `public, s-maxage=${PAGE_REVALIDATE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;

/** Pages that differ per visitor, and `/` while a split test runs on it. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-store, max-age=0";

/** The cacheable pages by their address; `/` is cached per variant under LANDING_ROUTE_PREFIX. */
export const CACHEABLE_PAGES: ReadonlySet<string> = new Set([
  "/paid",
  "/paid-alt",
  "/offer",
  "/upsell",
  "/discovery",
  "/free-download",
  "/checkout-realtime-academy",
  "/privacy",
  "/privacy-request",
  "/terms",
  "/email-terms",
  "/sms-phone-terms",
]);

/**
 * `/` is rewritten by proxy.ts to one cached page per variant (app/landing/[variant]); the prefix
 * is internal, so a request that names it directly gets a 404.
 */
export const LANDING_ROUTE_PREFIX = "/landing/";

export function landingRoute(variant: LandingVariant): string {
  return `${LANDING_ROUTE_PREFIX}${variant}`;
}

/** Every cache key a cacheable page is stored under (the landing's per variant). */
export function cachedPageKeys(): string[] {
  return [...CACHEABLE_PAGES, ...LANDING_VARIANTS.map(landingRoute)];
}
