// POST /api/demo-payments/status — a demo intent's status by client secret (Stripe's retrievePaymentIntent).
import { jsonRoute } from "@/lib/http/server/json-route";
import { demoIntentStatus, demoStatusSchema } from "@/lib/payments/server/demo-confirm";
import { otherMethods } from "@/lib/http/shared/route-methods";

export const POST = jsonRoute({
  schema: demoStatusSchema,
  rateLimits: [{ name: "demo-status", limit: 120, windowSeconds: 600 }],
  handle: async (input) =>
    Response.json(await demoIntentStatus(input.clientSecret), { headers: { "Cache-Control": "no-store" } }),
});

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/demo-payments/status");
