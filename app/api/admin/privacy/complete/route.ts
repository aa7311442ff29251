// POST /api/admin/privacy/complete — mark a request completed and e-mail the requester.
import { completeRoute } from "@/lib/console/server/privacy-routes";

export const POST = completeRoute;
