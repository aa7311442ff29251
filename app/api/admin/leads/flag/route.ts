// POST /api/admin/leads/flag — mark a lead as test or spam ({ excludedAs }) or clear it (null); audited.
import { leadFlagRoute } from "@/lib/console/server/flag-routes";

export const POST = leadFlagRoute;
