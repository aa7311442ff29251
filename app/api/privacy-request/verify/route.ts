// POST /api/privacy-request/verify — the request's e-mailed link: the requester holds the address.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { verifyPrivacyRequest, verifyPrivacyRequestSchema } from "@/lib/privacy/server/verify-privacy-request";

export const POST = jsonRoute({
  schema: verifyPrivacyRequestSchema,
  rateLimits: [{ name: "privacy-verify", limit: 20, windowSeconds: 600 }],
  handle: async (input) => {
    await verifyPrivacyRequest(input.token);
    return noStoreJson({ success: true });
  },
});
