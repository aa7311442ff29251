// GET /api/admin/privacy/export?id=… — everything held about a privacy request's e-mail, as a JSON download.
import { exportRoute } from "@/lib/console/server/privacy-routes";

export const GET = exportRoute;
