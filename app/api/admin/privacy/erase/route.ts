// POST /api/admin/privacy/erase — erase the person a deletion request names (one transaction, audited).
import { otherMethods } from "@/lib/platform/shared/route-methods";
import { eraseRoute } from "@/lib/console/server/privacy-routes";

export const POST = eraseRoute;

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/privacy/erase");
