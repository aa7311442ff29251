// POST /api/update-subscription — changes the seat count of the caller's unpaid subscription.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { updateSubscriptionSchema } from "@/lib/payments/shared/schemas";
import { updateSubscription } from "@/lib/payments/server/update-subscription";

export const POST = jsonRoute({
  schema: updateSubscriptionSchema,
  rateLimits: [{ name: "update-subscription", limit: 120, windowSeconds: 600 }],
  handle: async (input, context) => noStoreJson(await updateSubscription(input, { browserId: context.browserId })),
});
