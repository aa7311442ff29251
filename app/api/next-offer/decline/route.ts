// POST /api/next-offer/decline — "No thanks": the chain moves to the downsell, if any.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { declineOffer } from "@/lib/payments/server/decline-offer";
import { offerAnswerSchema } from "@/lib/payments/shared/offer-schemas";

export const POST = jsonRoute({
  schema: offerAnswerSchema,
  rateLimits: [{ name: "next-offer-answer", limit: 60, windowSeconds: 600 }],
  handle: async (input, context) => noStoreJson(await declineOffer(input, context)),
});
