// POST /api/admin/orders/seats — an operator changes a paid seat subscription's seats, up or down.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { changePaidSeats, changeSeatsSchema } from "@/lib/payments/server/change-paid-seats";

export const POST = operatorRoute({
  action: "orders.seats",
  schema: changeSeatsSchema,
  rateLimits: [{ name: "admin-order-seats", limit: 30, windowSeconds: 60 }],
  handle: async (input, context) => noStoreJson(await changePaidSeats(input, context.operator, context.clientIp)),
});
