// POST /api/next-offer — the post-purchase offer the buyer of a paid order is to answer now.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { showNextOffer } from "@/lib/payments/server/show-next-offer";
import { nextOfferSchema } from "@/lib/payments/shared/offer-schemas";

export const POST = jsonRoute({
  schema: nextOfferSchema,
  rateLimits: [{ name: "next-offer", limit: 120, windowSeconds: 600 }],
  handle: async (input, context) => noStoreJson(await showNextOffer(input.transactionId, context)),
});
