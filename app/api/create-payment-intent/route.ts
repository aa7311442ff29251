// POST /api/create-payment-intent — records the prospective purchase and returns its intent.
import { jsonRoute } from "@/lib/platform/server/http/json-route";
import { createPaymentIntent } from "@/lib/payments/server/create-payment-intent";
import { createPaymentIntentSchema } from "@/lib/payments/shared/schemas";

export const POST = jsonRoute({
  schema: createPaymentIntentSchema,
  rateLimits: [{ name: "create-payment-intent", limit: 60, windowSeconds: 600 }],
  handle: async (input, context) =>
    Response.json(await createPaymentIntent(input, { browserId: context.browserId }), {
      headers: { "Cache-Control": "no-store" },
    }),
});
