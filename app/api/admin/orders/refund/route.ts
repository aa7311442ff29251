// POST /api/admin/orders/refund — an operator refunds an order in full or in part (issue 12 §4).
import { adminRoute } from "@/lib/admin/server/admin-route";
import { otherMethods } from "@/lib/http/shared/route-methods";
import { refundOrder, refundSchema } from "@/lib/admin/server/order-refund";

export const POST = adminRoute({
  schema: refundSchema,
  rateLimits: [{ name: "admin-order-refund", limit: 30, windowSeconds: 60 }],
  handle: async (input, context) =>
    Response.json(await refundOrder(input, context.operator, context.clientIp), {
      headers: { "Cache-Control": "no-store" },
    }),
});

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/orders/refund");
