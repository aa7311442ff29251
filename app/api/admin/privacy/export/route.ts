// GET /api/admin/privacy/export?id=… — everything held about a privacy request's e-mail, as a JSON download.
import { otherMethods } from "@/lib/platform/shared/route-methods";
import { exportRoute } from "@/lib/console/server/privacy-routes";

export const GET = exportRoute;

export const { POST, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/privacy/export");
