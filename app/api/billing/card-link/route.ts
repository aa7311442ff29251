// POST /api/billing/card-link — a dunning e-mail's link replaces its one subscription's card, without a session.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { linkCardSchema, updateCardByLink } from "@/lib/billing/server/update-buyer-card";
import { BILLING_CHANGE_RULE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: linkCardSchema,
  rateLimits: [BILLING_CHANGE_RULE],
  handle: async (input) => noStoreJson({ success: true, ...(await updateCardByLink(input)) }),
});
