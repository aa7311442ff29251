// GET /api/admin/orders/export — the orders list's current filter as a streamed CSV.
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { streamOrderExport } from "@/lib/console/server/order-export-response";
import { orderExportSchema } from "@/lib/console/shared/order-filters";

export const dynamic = "force-dynamic";

export const GET = operatorRoute({
  action: "leads.export",
  schema: orderExportSchema,
  source: "query",
  rateLimits: [{ name: "admin-export", limit: 60, windowSeconds: 600 }],
  handle: (filters, context) => streamOrderExport(filters, { operatorId: context.operator.id, ip: context.clientIp }),
});
