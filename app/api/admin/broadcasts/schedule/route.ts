// POST /api/admin/broadcasts/schedule — a draft goes out now (at: null) or at a time; audited.
import { scheduleBroadcastRoute } from "@/lib/console/server/broadcast-routes";

export const POST = scheduleBroadcastRoute;
