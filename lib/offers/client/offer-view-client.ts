import type { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import type { offerViewSchema } from "@/lib/offers/server/offer-session";
import type { OfferVariant } from "@/lib/experiments/shared/offer-variant";

// null on failure: the page then keeps its local clock.

type OfferViewBody = z.input<typeof offerViewSchema>;

const hasElapsed = (body: unknown): body is { elapsedMs: number | null } =>
  typeof body === "object" &&
  body !== null &&
  "elapsedMs" in body &&
  (typeof body.elapsedMs === "number" || body.elapsedMs === null);

export async function postOfferView(variant: OfferVariant, signal?: AbortSignal): Promise<number | null> {
  const body: OfferViewBody = { variant };
  try {
    const { elapsedMs } = await post("/api/offer-view", body, hasElapsed, "offer view not recorded", { signal });
    return elapsedMs;
  } catch (error) {
    if (!signal?.aborted) console.warn("[offer] view not recorded", error);
    return null;
  }
}
