// POST /api/track-action — stores one funnel event and answers 202.
import { handleTrackAction } from "@/lib/leads/server/track-action-endpoint";

export const POST = handleTrackAction;
