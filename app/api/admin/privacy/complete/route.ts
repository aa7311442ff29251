// POST /api/admin/privacy/complete — mark a request completed and e-mail the requester.
import { otherMethods } from "@/lib/http/shared/route-methods";
import { completeRoute } from "@/lib/privacy/server/privacy-admin-api";

export const POST = completeRoute;

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/privacy/complete");
