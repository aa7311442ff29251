// POST /api/admin/operators/remove — remove another operator: account, sessions, passkeys gone at once; audited.
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { handleRemove, OPERATOR_ADMIN_RULE, setupLinkSchema } from "@/lib/console/server/operators-routes";

export const POST = operatorRoute({
  action: "operators.manage",
  schema: setupLinkSchema,
  rateLimits: [OPERATOR_ADMIN_RULE],
  handle: handleRemove,
});
