// POST /api/admin/broadcasts/audience — how many leads a segment reaches now (the form's live preview).
import { broadcastAudienceRoute } from "@/lib/console/server/broadcast-routes";

export const POST = broadcastAudienceRoute;
