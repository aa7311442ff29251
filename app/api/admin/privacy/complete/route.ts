// POST /api/admin/privacy/complete — mark a request completed and e-mail the requester.
import { otherMethods } from "@/lib/platform/shared/route-methods";
import { completeRoute } from "@/lib/console/server/privacy-routes";

export const POST = completeRoute;

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/privacy/complete");
