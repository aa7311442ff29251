// POST /api/register — the spec's registration helper: prospect, session binding, welcome e-mail.
import { gpcFromRequest } from "@/lib/funnel/gpc";
import { jsonRoute } from "@/lib/http/json-route";
import { afterResponse } from "@/lib/after-response";
import { registerProspect, registerSchema } from "@/lib/lead-capture/register-prospect";
import { queueWelcomeEmail } from "@/lib/lead-capture/welcome-email";
import { deliverEmail } from "@/lib/mail/mailer";
import { otherMethods } from "@/lib/http/route-methods";

export const POST = jsonRoute({
  schema: registerSchema,
  rateLimits: [{ name: "register", limit: 20, windowSeconds: 600 }],
  handle: async (input, context) => {
    const gpcOptOut = gpcFromRequest(context.request, input.gpc);
    const prospect = await registerProspect(input, { browserId: context.browserId, gpcOptOut });
    const emailId = await queueWelcomeEmail(prospect);
    if (emailId) await afterResponse(() => deliverEmail(emailId));
    return Response.json(
      { success: true, contactId: input.contactId, firstName: prospect.firstName },
      { status: 200, headers: { "Cache-Control": "no-store" } },
    );
  },
});

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/register");
