// POST /api/admin/leads/tags — add ({ add }) or remove ({ remove }) one tag on a lead (audited).
import { tagsRoute } from "@/lib/console/server/lead-routes";

export const POST = tagsRoute;
