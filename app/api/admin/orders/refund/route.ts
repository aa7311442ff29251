// POST /api/admin/orders/refund — an operator refunds an order in full or in part.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { refundOrder, refundSchema } from "@/lib/payments/server/refund-order";

export const POST = operatorRoute({
  action: "orders.refund",
  schema: refundSchema,
  rateLimits: [{ name: "admin-order-refund", limit: 30, windowSeconds: 60 }],
  handle: async (input, context) => noStoreJson(await refundOrder(input, context.operator, context.clientIp)),
});
