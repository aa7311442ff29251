// POST /api/register — the product's registration helper: prospect, session binding, welcome e-mail.
import { gpcFromRequest } from "@/lib/leads/shared/gpc";
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { registerProspect, registerSchema } from "@/lib/leads/server/register-prospect";
import { queueWelcomeEmail } from "@/lib/leads/server/welcome-email";

export const POST = jsonRoute({
  schema: registerSchema,
  rateLimits: [{ name: "register", limit: 20, windowSeconds: 600 }],
  handle: async (input, context) => {
    const gpcOptOut = gpcFromRequest(context.request, input.gpc);
    const registration = await registerProspect(input, { browserId: context.browserId, gpcOptOut });
    await queueWelcomeEmail(registration);
    // The same answer for a new and a known address: only what this browser entered.
    return noStoreJson({ success: true, contactId: input.contactId, firstName: registration.contact.firstName });
  },
});
