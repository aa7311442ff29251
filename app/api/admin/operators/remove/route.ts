// POST /api/admin/operators/remove — remove another operator: account, sessions, passkeys gone at once; audited.
import { adminRoute } from "@/lib/admin/server/admin-route";
import { handleRemove, OPERATOR_ADMIN_RULE, setupLinkSchema } from "@/lib/admin/server/operators-routes";
import { otherMethods } from "@/lib/http/shared/route-methods";

export const POST = adminRoute({ schema: setupLinkSchema, rateLimits: [OPERATOR_ADMIN_RULE], handle: handleRemove });

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/operators/remove");
