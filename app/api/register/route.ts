// POST /api/register — the spec's registration helper: creates or updates the prospect for this
// e-mail and binds it to the caller's funnel session and browser cookie.
import { jsonRoute } from "@/lib/http/json-route";
import { registerProspect, registerSchema } from "@/lib/lead-capture/register-prospect";

export const POST = jsonRoute({
  schema: registerSchema,
  rateLimits: [{ name: "register", limit: 20, windowSeconds: 600 }],
  handle: async (input, context) => {
    const gpcOptOut = context.request.headers.get("sec-gpc") === "1";
    const prospect = await registerProspect(input, { browserId: context.browserId, gpcOptOut });
    return Response.json({ success: true, contactId: input.contactId, firstName: prospect.firstName }, { status: 200 });
  },
});
