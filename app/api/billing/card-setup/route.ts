// POST /api/billing/card-setup — a Stripe SetupIntent for the signed-in buyer's subscription's new card.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { authorizeBuyer } from "@/lib/billing/server/buyer-route";
import { sessionSetupSchema, startCardSetupSignedIn } from "@/lib/billing/server/update-buyer-stripe-card";
import { BILLING_CHANGE_RULE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: sessionSetupSchema,
  authorize: authorizeBuyer,
  rateLimits: [BILLING_CHANGE_RULE],
  handle: async (input, context) =>
    noStoreJson({ success: true, ...(await startCardSetupSignedIn(context.email, input)) }),
});
