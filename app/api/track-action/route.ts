// POST /api/track-action — stores one funnel event (spec §4 steps) and answers 202.
import { handleTrackAction } from "@/lib/leads/server/track-action-endpoint";
import { otherMethods } from "@/lib/platform/shared/route-methods";

export const POST = handleTrackAction;

export const { GET, HEAD, PUT, DELETE, PATCH, OPTIONS } = otherMethods("/api/track-action");
