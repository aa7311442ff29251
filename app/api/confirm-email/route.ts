// POST /api/confirm-email — the welcome e-mail's link: attaches that opt-in's session to the lead.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { confirmClaimSchema, confirmLeadClaim } from "@/lib/leads/server/confirm-claim";

export const POST = jsonRoute({
  schema: confirmClaimSchema,
  rateLimits: [{ name: "confirm-email", limit: 20, windowSeconds: 600 }],
  handle: async (input) => {
    await confirmLeadClaim(input.token);
    return noStoreJson({ success: true });
  },
});
