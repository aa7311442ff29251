// POST /api/admin/leads/erase — erase the lead's person, confirmed by its e-mail address (audited).
import { eraseLeadRoute } from "@/lib/console/server/lead-routes";

export const POST = eraseLeadRoute;
