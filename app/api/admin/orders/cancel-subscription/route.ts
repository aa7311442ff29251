// POST /api/admin/orders/cancel-subscription — an operator ends a subscription at period end (an overdue one's dunning stops).
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { cancelSubscriptionSchema } from "@/lib/payments/server/cancel-subscription";
import { cancelConsoleSubscription } from "@/lib/billing/server/cancel-console-subscription";

export const POST = operatorRoute({
  action: "orders.cancel",
  schema: cancelSubscriptionSchema,
  rateLimits: [{ name: "admin-order-cancel", limit: 30, windowSeconds: 60 }],
  handle: async (input, context) =>
    noStoreJson(await cancelConsoleSubscription(input.orderId, context.operator, context.clientIp)),
});
