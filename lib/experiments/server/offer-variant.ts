import "server-only";
import { headers } from "next/headers";
import { isPrefetch } from "@/lib/experiments/server/first-visit-browser";
import { resolveSurfaceVariant } from "@/lib/experiments/server/surface-variant";
import { getConfig } from "@/lib/platform/server/config";
import { isOfferVariant, type OfferVariant } from "@/lib/experiments/shared/offer-variant";

// A `?variant=` preview wins and records nothing.

export async function offerVariantFor(
  browserId: string,
  preview: string | string[] | undefined,
): Promise<OfferVariant> {
  const asked = Array.isArray(preview) ? preview[0] : preview;
  if (isOfferVariant(asked)) return asked;
  const configured = getConfig().OFFER_VARIANT;
  const requestHeaders = await headers();
  const visitor = { browserId, userAgent: requestHeaders.get("user-agent"), prefetch: isPrefetch(requestHeaders) };
  const { variant } = await resolveSurfaceVariant("offer", visitor, configured);
  return isOfferVariant(variant) ? variant : configured;
}
