// POST /api/billing/link — e-mails a sign-in link to the billing page if the address has orders;
// the answer is the same either way.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { billingLinkSchema, sendBillingLink } from "@/lib/billing/server/send-billing-link";
import { BILLING_LINK_SENT_MESSAGE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: billingLinkSchema,
  handle: async (input, context) => {
    await sendBillingLink(input.email, context.clientIp);
    return noStoreJson({ success: true, message: BILLING_LINK_SENT_MESSAGE });
  },
});
