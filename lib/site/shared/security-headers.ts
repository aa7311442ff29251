// Response headers every path carries; next.config.ts sets them for Next.js, which serves every route.
// Pages also get a per-request Content-Security-Policy and HSTS from proxy.ts (lib/site/server/page-security.ts).

export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/** JSON answers render nothing, so they may load nothing and be framed by no one. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The files in public/ (images, the sample video, the PDF) skip proxy.ts. Opened on their own, an
 * SVG may style itself but load and run nothing, and none of them may be framed.
 */
export const STATIC_FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** next.config.ts header sources for public/'s files; proxy.ts's matcher leaves the same out. */
export const STATIC_FILE_SOURCES = ["/(images|media|downloads)/:path+", "/favicon.svg", "/og-image.png"] as const;

/**
 * The booking manage page carries its key in the address (/schedule-call/manage?token=…), and so
 * does the unsubscribe page (/unsubscribe?token=…): no
 * Referer at all, even to this site's own pages and API, so the token reaches no log or analytics
 * through a link; never stored by a browser or shared cache; and never indexed.
 */
const PRIVATE_PAGE_HEADERS: readonly { key: string; value: string }[] = [
  { key: "Cache-Control", value: "private, no-store, max-age=0" },
  { key: "X-Robots-Tag", value: "noindex, nofollow" },
];

export const MANAGE_LINK_HEADERS: readonly { key: string; value: string }[] = [
  { key: "Referrer-Policy", value: "no-referrer" },
  ...PRIVATE_PAGE_HEADERS,
];

/**
 * The checkout-recovery link (/checkout/resume?token=…) opens a payment form: never stored or
 * indexed, but it keeps the site-wide Referrer-Policy (origin only to other sites), because
 * Stripe.js and card issuers' 3-D Secure pages are not tested against no-referrer.
 */
export const RESUME_LINK_HEADERS = PRIVATE_PAGE_HEADERS;
