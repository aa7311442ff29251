import "server-only";
import type { Config } from "@/lib/platform/server/config";

// A third party appears only when the operator configured it. Pure, so tests can read the policy
// for every configuration. See docs/operations.md#security-headers.

/**
 * What lets a page's own scripts run: a fresh nonce for a page rendered per request, or the
 * sha256 sources of a cached page's scripts, found once when the cache stores it
 * (scripts/lib/cached-page.mjs, docs/decisions/0013).
 */
export type PageScripts = { nonce: string } | { hashes: readonly string[] };

export type PolicyConfig = Pick<Config, "NODE_ENV" | "SITE_URL" | "STRIPE_SECRET_KEY" | "VIDEO_URL" | "BOOKING_URL">;

// Stripe's published list (docs.stripe.com/security/guide) without maps.googleapis.com: no Address Element.
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

export function httpsOrigin(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === "https:" ? parsed.origin : undefined;
}

function scriptSources(scripts: PageScripts): string[] {
  return "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'${hash}'`);
}

export function buildContentSecurityPolicy(scripts: PageScripts, config: PolicyConfig): string {
  const stripe = Boolean(config.STRIPE_SECRET_KEY);
  const video = httpsOrigin(config.VIDEO_URL);
  const booking = httpsOrigin(config.BOOKING_URL);
  const directives: [string, ...(string | false | undefined)[]][] = [
    ["default-src", "'self'"],
    // 'self' and the Stripe hosts only matter to CSP2 browsers, which ignore 'strict-dynamic'. React
    // needs eval only for the development error overlay.
    [
      "script-src",
      ...scriptSources(scripts),
      "'strict-dynamic'",
      "'self'",
      ...(stripe ? STRIPE.script : []),
      config.NODE_ENV === "development" && "'unsafe-eval'",
    ],
    // Style attributes cannot carry a nonce or hash, and either here would switch 'unsafe-inline' off.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(stripe ? STRIPE.connect : [])],
    ["media-src", "'self'", video],
    ["frame-src", ...(stripe ? STRIPE.frame : []), booking, !stripe && !booking && "'none'"],
    // canvas-confetti builds its worker from a Blob.
    ["worker-src", "'self'", "blob:"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  const lines = directives.map(([name, ...sources]) =>
    [name, ...sources.filter((s): s is string => typeof s === "string")].join(" "),
  );
  if (isHttps(config.SITE_URL)) lines.push("upgrade-insecure-requests");
  return lines.join("; ");
}

// Only over https: a local http run must stay reachable.
const HSTS = "max-age=63072000; includeSubDomains";

export function buildStrictTransportSecurity(siteUrl: string): string | undefined {
  return isHttps(siteUrl) ? HSTS : undefined;
}

/** Parsed, not prefix-matched: the scheme is case-insensitive. */
function isHttps(url: string): boolean {
  return URL.canParse(url) && new URL(url).protocol === "https:";
}
