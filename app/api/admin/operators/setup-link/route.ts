// POST /api/admin/operators/setup-link — e-mail an operator a fresh one-hour setup link (lost password), audited.
import { adminRoute } from "@/lib/admin/server/admin-route";
import { handleSetupLink, OPERATOR_ADMIN_RULE, setupLinkSchema } from "@/lib/admin/server/operators-routes";
import { otherMethods } from "@/lib/http/shared/route-methods";

export const POST = adminRoute({ schema: setupLinkSchema, rateLimits: [OPERATOR_ADMIN_RULE], handle: handleSetupLink });

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/operators/setup-link");
