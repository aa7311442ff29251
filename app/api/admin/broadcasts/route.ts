// POST /api/admin/broadcasts — save a broadcast draft (new when id is null); audited.
import { saveBroadcastRoute } from "@/lib/console/server/broadcast-routes";

export const POST = saveBroadcastRoute;
