// POST /api/billing/sign-in — spends the e-mailed link and sets the buyer's session cookie.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { openBillingLink, openBillingLinkSchema } from "@/lib/billing/server/open-billing-link";
import { buyerSessionCookie } from "@/lib/billing/server/buyer-session";

export const POST = jsonRoute({
  schema: openBillingLinkSchema,
  rateLimits: [{ name: "billing-sign-in", limit: 20, windowSeconds: 600 }],
  handle: async (input, context) => {
    const email = await openBillingLink(input.token, context.clientIp);
    const response = noStoreJson({ success: true });
    response.headers.append("Set-Cookie", buyerSessionCookie(email));
    return response;
  },
});
