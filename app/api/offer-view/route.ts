// POST /api/offer-view — records the one-time-offer variant shown and starts its countdown once.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { offerViewSchema, recordOfferView } from "@/lib/offers/server/offer-session";

export const POST = jsonRoute({
  schema: offerViewSchema,
  rateLimits: [{ name: "offer-view", limit: 120, windowSeconds: 600 }],
  handle: async (input, context) => {
    const result = await recordOfferView(context.browserId, input.variant);
    return noStoreJson(result);
  },
});
