// POST /api/admin/operators/role — an owner changes another operator's role; one owner always remains; audited.
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { handleRoleChange, OPERATOR_ADMIN_RULE, roleSchema } from "@/lib/console/server/operators-routes";

export const POST = operatorRoute({
  action: "operators.manage",
  schema: roleSchema,
  rateLimits: [OPERATOR_ADMIN_RULE],
  handle: handleRoleChange,
});
