// GET /api/admin/privacy/export?id=… — everything held about a privacy request's e-mail, as a JSON download.
import { otherMethods } from "@/lib/http/shared/route-methods";
import { exportRoute } from "@/lib/privacy/server/privacy-admin-api";

export const GET = exportRoute;

export const { POST, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/privacy/export");
