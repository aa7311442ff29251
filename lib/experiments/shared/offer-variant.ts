// The three variants of /oto-realtime-ai-academy (spec §2). Configuration picks one; a ?variant=
// query parameter overrides it so operators can preview the others. Shared by server and client.

export const OFFER_VARIANTS = ["countdown", "add-to-order", "team"] as const;
export type OfferVariant = (typeof OFFER_VARIANTS)[number];

export function isOfferVariant(value: unknown): value is OfferVariant {
  return typeof value === "string" && (OFFER_VARIANTS as readonly string[]).includes(value);
}

/** The query override when it names a variant, else the configured default. */
export function chooseOfferVariant(query: string | string[] | undefined, configured: OfferVariant): OfferVariant {
  const value = Array.isArray(query) ? query[0] : query;
  return isOfferVariant(value) ? value : configured;
}

/** Both course variants run the 7-minute countdown; the team variant is a video page. */
export const hasCountdown = (variant: OfferVariant): boolean => variant !== "team";
