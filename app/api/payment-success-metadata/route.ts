// POST /api/payment-success-metadata — the team checkout's variant of payment-success.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { claimPaymentSuccess } from "@/lib/payments/server/payment-success";
import { paymentSuccessMetadataSchema } from "@/lib/payments/shared/schemas";

export const POST = jsonRoute({
  schema: paymentSuccessMetadataSchema,
  rateLimits: [{ name: "payment-success", limit: 60, windowSeconds: 600 }],
  handle: async (input, context) =>
    noStoreJson(
      await claimPaymentSuccess(
        { subscriptionId: input.subscriptionId, paymentIntentId: input.paymentIntentId },
        { browserId: context.browserId },
      ),
    ),
});
