// POST /api/billing/card — the signed-in buyer replaces a subscription's card; an overdue renewal is paid with it.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { authorizeBuyer } from "@/lib/billing/server/buyer-route";
import { sessionCardSchema, updateCardSignedIn } from "@/lib/billing/server/update-buyer-card";
import { BILLING_CHANGE_RULE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: sessionCardSchema,
  authorize: authorizeBuyer,
  rateLimits: [BILLING_CHANGE_RULE],
  handle: async (input, context) => noStoreJson({ success: true, ...(await updateCardSignedIn(context.email, input)) }),
});
