// POST /api/create-payment-intent — records the prospective purchase and returns its intent.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { createPaymentIntent } from "@/lib/payments/server/create-payment-intent";
import { createPaymentIntentSchema } from "@/lib/payments/shared/schemas";

export const POST = jsonRoute({
  schema: createPaymentIntentSchema,
  rateLimits: [{ name: "create-payment-intent", limit: 60, windowSeconds: 600 }],
  handle: async (input, context) =>
    noStoreJson(
      await createPaymentIntent(input, {
        browserId: context.browserId,
        userAgent: context.request.headers.get("user-agent"),
      }),
    ),
});
