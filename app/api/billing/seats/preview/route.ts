// POST /api/billing/seats/preview — what a seat change would charge now and at the next renewal.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { authorizeBuyer } from "@/lib/billing/server/buyer-route";
import { previewBuyerSeats, seatPreviewSchema } from "@/lib/billing/server/change-buyer-seats";
import { BILLING_CHANGE_RULE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: seatPreviewSchema,
  authorize: authorizeBuyer,
  rateLimits: [BILLING_CHANGE_RULE],
  handle: async (input, context) => noStoreJson({ success: true, ...(await previewBuyerSeats(context.email, input)) }),
});
