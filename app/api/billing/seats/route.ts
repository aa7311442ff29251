// POST /api/billing/seats — the signed-in buyer confirms a previewed seat change.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { authorizeBuyer } from "@/lib/billing/server/buyer-route";
import { changeBuyerSeats, seatChangeSchema } from "@/lib/billing/server/change-buyer-seats";
import { BILLING_CHANGE_RULE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: seatChangeSchema,
  authorize: authorizeBuyer,
  rateLimits: [BILLING_CHANGE_RULE],
  handle: async (input, context) => noStoreJson({ success: true, ...(await changeBuyerSeats(context.email, input)) }),
});
