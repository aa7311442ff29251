// POST /api/demo-payments/confirm — the demo gateway's card confirmation (what Stripe.js does in Stripe mode).
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { confirmDemoPayment, demoConfirmSchema } from "@/lib/payments/server/demo-confirm";

export const POST = jsonRoute({
  schema: demoConfirmSchema,
  rateLimits: [{ name: "demo-confirm", limit: 60, windowSeconds: 600 }],
  handle: async (input) => noStoreJson(await confirmDemoPayment(input)),
});
