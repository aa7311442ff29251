// Pages also get a per-request CSP and HSTS from proxy.ts (lib/site/server/page-security.ts).

export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** public/ files skip proxy.ts: an SVG opened on its own may load and run nothing. */
export const STATIC_FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** proxy.ts's matcher leaves the same out. */
export const STATIC_FILE_SOURCES = ["/(images|media|downloads)/:path+", "/favicon.svg", "/og-image.png"] as const;

/**
 * Pages with a token in the address (booking manage, unsubscribe): no Referer, no storing, no
 * indexing, so the token reaches no log or analytics.
 */
const PRIVATE_PAGE_HEADERS: readonly { key: string; value: string }[] = [
  { key: "Cache-Control", value: "private, no-store, max-age=0" },
  { key: "X-Robots-Tag", value: "noindex, nofollow" },
];

export const MANAGE_LINK_HEADERS: readonly { key: string; value: string }[] = [
  { key: "Referrer-Policy", value: "no-referrer" },
  ...PRIVATE_PAGE_HEADERS,
];

/** Keeps the site-wide Referrer-Policy: Stripe.js and 3-D Secure pages are not tested against no-referrer. */
export const RESUME_LINK_HEADERS = PRIVATE_PAGE_HEADERS;
