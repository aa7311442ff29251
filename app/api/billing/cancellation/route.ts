// POST /api/billing/cancellation — the signed-in buyer cancels a subscription at period end, or resumes it.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { authorizeBuyer } from "@/lib/billing/server/buyer-route";
import { buyerCancellationSchema, setBuyerCancellation } from "@/lib/billing/server/set-buyer-cancellation";
import { BILLING_CHANGE_RULE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: buyerCancellationSchema,
  authorize: authorizeBuyer,
  rateLimits: [BILLING_CHANGE_RULE],
  handle: async (input, context) =>
    noStoreJson({ success: true, ...(await setBuyerCancellation(context.email, input)) }),
});
