// POST /api/admin/orders/cancel-subscription — an operator ends a seat subscription at period end.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { cancelAtPeriodEnd, cancelSubscriptionSchema } from "@/lib/payments/server/cancel-subscription";

export const POST = operatorRoute({
  action: "orders.cancel",
  schema: cancelSubscriptionSchema,
  rateLimits: [{ name: "admin-order-cancel", limit: 30, windowSeconds: 60 }],
  handle: async (input, context) =>
    noStoreJson(await cancelAtPeriodEnd(input.orderId, context.operator, context.clientIp)),
});
