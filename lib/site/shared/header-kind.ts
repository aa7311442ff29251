// Which form of the one site header a page shows (issue 10 item 7). Every page carries the logo
// linking home; pages differ only in what sits beside it:
// - "own": the sales pages render their own fixed header (logo + call to action, progress bar);
// - "checkout": payment and hand-off pages, logo only plus "Secure checkout", no way off the page
//   but the logo itself;
// - "offer": the one-time offer, logo only, so nothing competes with its countdown;
// - "site": everything else, unknown paths included: logo and the way back to the free book.
// Pure, so the table is unit-tested; components/site/header-switch.tsx applies it per navigation.

export type HeaderKind = "own" | "site" | "checkout" | "offer";

/** The pages whose header differs from "site"; every other path, unknown ones included, is "site". */
export const HEADER_BY_PATH: Readonly<Record<string, HeaderKind>> = {
  "/": "own",
  "/paid": "own",
  "/paid-alt": "own",
  "/checkout": "checkout",
  "/checkout/resume": "checkout",
  "/checkout-realtime-academy-metadata": "checkout",
  "/payment-processing": "checkout",
  "/payment-success": "checkout",
  "/payment-success-metadata": "checkout",
  "/contract-setup": "checkout",
  "/oto-realtime-ai-academy": "offer",
};

/** Where `/` renders: proxy.ts rewrites it to its variant's cached page (app/landing/[variant]). */
const LANDING_VARIANT_PREFIX = "/landing/";

export function headerKind(pathname: string | null): HeaderKind {
  const path = (pathname ?? "/").replace(/(.)\/+$/, "$1");
  if (path.startsWith(LANDING_VARIANT_PREFIX)) return HEADER_BY_PATH["/"] ?? "site";
  return HEADER_BY_PATH[path] ?? "site";
}
