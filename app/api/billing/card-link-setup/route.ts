// POST /api/billing/card-link-setup — a Stripe SetupIntent for a dunning link's one subscription.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { linkSetupSchema, startCardSetupByLink } from "@/lib/billing/server/update-buyer-stripe-card";
import { BILLING_CHANGE_RULE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: linkSetupSchema,
  rateLimits: [BILLING_CHANGE_RULE],
  handle: async (input) => noStoreJson({ success: true, ...(await startCardSetupByLink(input)) }),
});
