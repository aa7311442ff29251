// POST /api/register — the spec's registration helper: creates or updates the prospect for this
// e-mail, binds it to the caller's funnel session and browser cookie, and queues the welcome
// e-mail, delivered after the response so the visitor never waits on it.
import { gpcFromRequest } from "@/lib/funnel/gpc";
import { jsonRoute } from "@/lib/http/json-route";
import { afterResponse } from "@/lib/lead-capture/after-response";
import { registerProspect, registerSchema } from "@/lib/lead-capture/register-prospect";
import { queueWelcomeEmail } from "@/lib/lead-capture/welcome-email";
import { deliverEmail } from "@/lib/mail/mailer";

export const POST = jsonRoute({
  schema: registerSchema,
  rateLimits: [{ name: "register", limit: 20, windowSeconds: 600 }],
  handle: async (input, context) => {
    const gpcOptOut = gpcFromRequest(context.request, input.gpc);
    const prospect = await registerProspect(input, { browserId: context.browserId, gpcOptOut });
    const emailId = await queueWelcomeEmail(prospect);
    if (emailId) afterResponse(() => deliverEmail(emailId));
    return Response.json({ success: true, contactId: input.contactId, firstName: prospect.firstName }, { status: 200 });
  },
});
