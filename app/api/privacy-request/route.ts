// POST /api/privacy-request — records a privacy-rights request and queues its acknowledgement.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { privacyRequestSchema, submitPrivacyRequest } from "@/lib/privacy/server/submit-privacy-request";

export const POST = jsonRoute({
  schema: privacyRequestSchema,
  rateLimits: [{ name: "privacy-request", limit: 5, windowSeconds: 3600 }],
  handle: async (input, context) => {
    const { requestId, respondBy } = await submitPrivacyRequest(input, context);
    return noStoreJson({ success: true, requestId, respondBy: respondBy.toISOString() }, 201);
  },
});
