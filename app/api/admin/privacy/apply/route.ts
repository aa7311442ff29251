// POST /api/admin/privacy/apply — set the opt-out / limit-use / withdrawn-consent flags a request asks for.
import { applyRoute } from "@/lib/console/server/privacy-routes";

export const POST = applyRoute;
