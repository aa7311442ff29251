import "server-only";
import { headers } from "next/headers";
import { isPrefetch } from "@/lib/experiments/server/first-visit-browser";
import { resolveSurfaceVariant } from "@/lib/experiments/server/surface-variant";
import { getConfig } from "@/lib/platform/server/config";
import { isOfferVariant, type OfferVariant } from "@/lib/experiments/shared/offer-variant";
import type { VisitorKind } from "@/lib/experiments/shared/audiences";

// A `?variant=` preview wins and records nothing; otherwise only a variant meant for this kind of
// visitor is shown.

export async function offerVariantFor(
  browserId: string,
  preview: string | string[] | undefined,
  kind: VisitorKind,
): Promise<OfferVariant> {
  const asked = Array.isArray(preview) ? preview[0] : preview;
  if (isOfferVariant(asked)) return asked;
  const configured = getConfig().OFFER_VARIANT;
  const requestHeaders = await headers();
  const visitor = {
    browserId,
    userAgent: requestHeaders.get("user-agent"),
    prefetch: isPrefetch(requestHeaders),
    kind,
  };
  const { variant } = await resolveSurfaceVariant("offer", visitor, configured);
  return isOfferVariant(variant) ? variant : "countdown";
}
