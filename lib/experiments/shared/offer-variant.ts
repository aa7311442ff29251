// A ?variant= query parameter lets operators preview the others.

export const OFFER_VARIANTS = ["countdown", "add-to-order", "team"] as const;
export type OfferVariant = (typeof OFFER_VARIANTS)[number];

export function isOfferVariant(value: unknown): value is OfferVariant {
  return typeof value === "string" && (OFFER_VARIANTS as readonly string[]).includes(value);
}

export function chooseOfferVariant(query: string | string[] | undefined, configured: OfferVariant): OfferVariant {
  const value = Array.isArray(query) ? query[0] : query;
  return isOfferVariant(value) ? value : configured;
}

export const hasCountdown = (variant: OfferVariant): boolean => variant !== "team";
