// The three variants of /oto-realtime-ai-academy. Shared by server and client.

export const OFFER_VARIANTS = ["countdown", "add-to-order", "team"] as const;
export type OfferVariant = (typeof OFFER_VARIANTS)[number];

export function isOfferVariant(value: unknown): value is OfferVariant {
  return typeof value === "string" && (OFFER_VARIANTS as readonly string[]).includes(value);
}

/** Both course variants run the 7-minute countdown; the team variant is a video page. */
export const hasCountdown = (variant: OfferVariant): boolean => variant !== "team";
