// POST /api/payment-status — a /payment-processing link's payment status, for the holder of its client secret.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { paymentStatusForLink } from "@/lib/payments/server/payment-return";
import { paymentStatusSchema } from "@/lib/payments/shared/schemas";

export const POST = jsonRoute({
  schema: paymentStatusSchema,
  // The processing page polls a processing payment with a growing delay (about 20 calls).
  rateLimits: [{ name: "payment-status", limit: 120, windowSeconds: 600 }],
  handle: async (input, context) => noStoreJson(await paymentStatusForLink(input, { browserId: context.browserId })),
});
