// POST /api/admin/operators/setup-link — e-mail an operator a fresh one-hour setup link (lost password), audited.
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { handleSetupLink, OPERATOR_ADMIN_RULE, setupLinkSchema } from "@/lib/console/server/operators-routes";

export const POST = operatorRoute({
  action: "operators.manage",
  schema: setupLinkSchema,
  rateLimits: [OPERATOR_ADMIN_RULE],
  handle: handleSetupLink,
});
