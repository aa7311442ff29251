// Which form of the site header a page shows: "own" (sales pages), "checkout" (no way off but the
// logo), "offer" (nothing competes with the countdown), "site" (everything else).

export type HeaderKind = "own" | "site" | "checkout" | "offer";

export const HEADER_BY_PATH: Readonly<Record<string, HeaderKind>> = {
  "/": "own",
  "/paid": "own",
  "/paid-alt": "own",
  "/checkout": "checkout",
  "/checkout/resume": "checkout",
  "/checkout-realtime-academy-metadata": "checkout",
  "/next-offer": "checkout",
  "/payment-processing": "checkout",
  "/payment-success": "checkout",
  "/payment-success-metadata": "checkout",
  "/contract-setup": "checkout",
  "/oto-realtime-ai-academy": "offer",
};

const LANDING_VARIANT_PREFIX = "/landing/";

export function headerKind(pathname: string | null): HeaderKind {
  const path = (pathname ?? "/").replace(/(.)\/+$/, "$1");
  if (path.startsWith(LANDING_VARIANT_PREFIX)) return HEADER_BY_PATH["/"] ?? "site";
  return HEADER_BY_PATH[path] ?? "site";
}
