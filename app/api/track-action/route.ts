// POST /api/track-action — stores one funnel event (spec §4 steps) and answers 202.
import { handleTrackAction } from "@/lib/leads/server/track-action-endpoint";

export const POST = handleTrackAction;
