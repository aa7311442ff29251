import "server-only";
import type { Config } from "@/lib/platform/server/config";

// The pages' Content-Security-Policy and HSTS, built from the run-time configuration: a third
// party appears only when the operator configured it (Stripe mode, an https VIDEO_URL, a
// BOOKING_URL). Pure, so tests can read the policy for every configuration.

export type PolicyConfig = Pick<Config, "NODE_ENV" | "SITE_URL" | "STRIPE_SECRET_KEY" | "VIDEO_URL" | "BOOKING_URL">;

// Stripe's published list for Stripe.js and the Payment Element (docs.stripe.com/security/guide,
// "Content Security Policy"), without maps.googleapis.com: the funnel mounts no Address Element.
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

/** The origin of an absolute https URL; undefined for a site path or anything else. */
export function httpsOrigin(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === "https:" ? parsed.origin : undefined;
}

export function buildContentSecurityPolicy(nonce: string, config: PolicyConfig): string {
  const stripe = Boolean(config.STRIPE_SECRET_KEY);
  const video = httpsOrigin(config.VIDEO_URL);
  const booking = httpsOrigin(config.BOOKING_URL);
  const directives: [string, ...(string | false | undefined)[]][] = [
    ["default-src", "'self'"],
    // 'strict-dynamic': Next.js's nonced scripts may load their chunks and Stripe.js, nothing
    // else may run. 'self' and the Stripe hosts only matter to CSP2 browsers, which ignore
    // 'strict-dynamic'. React needs eval only for the development server's error overlay.
    [
      "script-src",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      "'self'",
      ...(stripe ? STRIPE.script : []),
      config.NODE_ENV === "development" && "'unsafe-eval'",
    ],
    // Style attributes (React's style={…}, next/image, Stripe's mounted elements) cannot carry
    // a nonce, and a nonce in this list would switch 'unsafe-inline' off. See README, "Security
    // headers".
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(stripe ? STRIPE.connect : [])],
    ["media-src", "'self'", video],
    ["frame-src", ...(stripe ? STRIPE.frame : []), booking, !stripe && !booking && "'none'"],
    // canvas-confetti draws in a worker it builds from a Blob of its own code.
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

// Two years and subdomains: the value hstspreload.org asks for. Sent only when the site is served
// over https, since browsers ignore it over http and a local http run must stay reachable.
const HSTS = "max-age=63072000; includeSubDomains";

export function buildStrictTransportSecurity(siteUrl: string): string | undefined {
  return isHttps(siteUrl) ? HSTS : undefined;
}

/** Parsed, not prefix-matched: a URL's scheme is case-insensitive (`HTTPS://…` is https too). */
function isHttps(url: string): boolean {
  return URL.canParse(url) && new URL(url).protocol === "https:";
}
