// POST /api/admin/privacy/erase — erase the person a deletion request names (one transaction, audited).
import { eraseRoute } from "@/lib/console/server/privacy-routes";

export const POST = eraseRoute;
