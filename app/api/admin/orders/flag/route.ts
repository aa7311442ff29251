// POST /api/admin/orders/flag — mark an order as test or spam ({ excludedAs }) or clear it (null); audited.
import { orderFlagRoute } from "@/lib/console/server/flag-routes";

export const POST = orderFlagRoute;
