import { LANDING_VARIANTS, type LandingVariant } from "@/lib/experiments/shared/surfaces";

// Only pages that read nothing per visitor: their HTML is the same for everyone, so the cache keeps
// one copy with a policy made of its scripts' hashes (docs/decisions/0013), and proxy.ts sends them
// no nonce. tests/integration/scripts/page-cache.test.ts checks this list against the build's
// prerender manifest.

/** app/layout.tsx repeats it as a literal. */
export const PAGE_REVALIDATE_SECONDS = 300;

export const STALE_WHILE_REVALIDATE_SECONDS = 3600;

export const PUBLIC_PAGE_CACHE_CONTROL = `public, s-maxage=${PAGE_REVALIDATE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;

export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-store, max-age=0";

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

/** Internal: a request that names the prefix directly gets a 404. */
export const LANDING_ROUTE_PREFIX = "/landing/";

export function landingRoute(variant: LandingVariant): string {
  return `${LANDING_ROUTE_PREFIX}${variant}`;
}

export function cachedPageKeys(): string[] {
  return [...CACHEABLE_PAGES, ...LANDING_VARIANTS.map(landingRoute)];
}
