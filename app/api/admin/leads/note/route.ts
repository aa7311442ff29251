// POST /api/admin/leads/note — add an operator's note to a lead (audited, without its text).
import { noteRoute } from "@/lib/console/server/lead-routes";

export const POST = noteRoute;
