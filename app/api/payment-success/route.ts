// POST /api/payment-success — fulfils the caller's paid order once and returns its credentials.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { claimPaymentSuccess } from "@/lib/payments/server/payment-success";
import { paymentSuccessSchema } from "@/lib/payments/shared/schemas";

export const POST = jsonRoute({
  schema: paymentSuccessSchema,
  rateLimits: [{ name: "payment-success", limit: 60, windowSeconds: 600 }],
  handle: async (input, context) => noStoreJson(await claimPaymentSuccess(input, { browserId: context.browserId })),
});
