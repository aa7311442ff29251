// POST /api/admin/privacy/erase — erase the person a deletion request names (one transaction, audited).
import { otherMethods } from "@/lib/http/shared/route-methods";
import { eraseRoute } from "@/lib/privacy/server/privacy-admin-api";

export const POST = eraseRoute;

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/admin/privacy/erase");
