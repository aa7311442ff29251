// POST /api/admin/operators — invite an operator: account, one-hour setup link by e-mail, audited.
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { handleInvite, inviteSchema, OPERATOR_ADMIN_RULE } from "@/lib/console/server/operators-routes";

export const POST = operatorRoute({
  action: "operators.manage",
  schema: inviteSchema,
  rateLimits: [OPERATOR_ADMIN_RULE],
  handle: handleInvite,
});
