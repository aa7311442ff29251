// POST /api/next-offer/accept — "Yes, add it": charges the saved card once for the offer.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { acceptOffer } from "@/lib/payments/server/accept-offer";
import { offerAnswerSchema } from "@/lib/payments/shared/offer-schemas";

export const POST = jsonRoute({
  schema: offerAnswerSchema,
  rateLimits: [{ name: "next-offer-answer", limit: 60, windowSeconds: 600 }],
  handle: async (input, context) => noStoreJson(await acceptOffer(input, context)),
});
