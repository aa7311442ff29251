// POST /api/admin/sequences/active — pause or resume a sequence (staff); audited.
import { setActiveRoute } from "@/lib/console/server/sequence-routes";

export const POST = setActiveRoute;
