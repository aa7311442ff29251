// POST /api/admin/privacy/apply — set the opt-out / limit-use / withdrawn-consent flags a request asks for.
import { otherMethods } from "@/lib/platform/shared/route-methods";
import { applyRoute } from "@/lib/console/server/privacy-routes";

export const POST = applyRoute;

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/privacy/apply");
