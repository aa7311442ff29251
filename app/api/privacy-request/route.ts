// POST /api/privacy-request — records a privacy-rights request and queues its acknowledgement.
import { afterResponse } from "@/lib/after-response";
import { jsonRoute } from "@/lib/http/json-route";
import { deliverEmail } from "@/lib/mail/mailer";
import { privacyRequestSchema, submitPrivacyRequest } from "@/lib/privacy/submit-privacy-request";
import { otherMethods } from "@/lib/http/route-methods";

export const POST = jsonRoute({
  schema: privacyRequestSchema,
  rateLimits: [{ name: "privacy-request", limit: 5, windowSeconds: 3600 }],
  handle: async (input, context) => {
    const { requestId, respondBy, emailId } = await submitPrivacyRequest(input, context);
    await afterResponse(() => deliverEmail(emailId));
    return Response.json(
      { success: true, requestId, respondBy: respondBy.toISOString() },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  },
});

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/privacy-request");
