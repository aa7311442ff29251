// POST /api/admin/operators — invite an operator: account, one-hour setup link by e-mail, audited.
import { adminRoute } from "@/lib/admin/server/admin-route";
import { handleInvite, inviteSchema, OPERATOR_ADMIN_RULE } from "@/lib/admin/server/operators-routes";
import { otherMethods } from "@/lib/http/shared/route-methods";

export const POST = adminRoute({ schema: inviteSchema, rateLimits: [OPERATOR_ADMIN_RULE], handle: handleInvite });

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/operators");
