// POST /api/admin/broadcasts/cancel — stop a scheduled or sending broadcast; pending leads get nothing; audited.
import { cancelBroadcastRoute } from "@/lib/console/server/broadcast-routes";

export const POST = cancelBroadcastRoute;
