import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { describeError } from "@/lib/platform/shared/describe-error";
import { jsonRoute } from "@/lib/platform/server/http/json-route";
import { recordLostEvent } from "@/lib/leads/server/lost-events";
import { recordAction, trackActionSchema } from "@/lib/leads/server/record-action";
import { gpcFromRequest } from "@/lib/leads/shared/gpc";

// During an outage it still answers 202 and counts the lost event, so tracking never blocks a visitor.
// Each page view may start one session, so the rate limit also bounds the sessions a client can make.

export const TRACK_ACTION_MAX_BYTES = 6 * 1024;

const accepted = () => new Response(null, { status: 202, headers: { "Cache-Control": "no-store" } });

export const handleTrackAction = jsonRoute({
  schema: trackActionSchema,
  maxBytes: TRACK_ACTION_MAX_BYTES,
  rateLimits: [{ name: "track-action", limit: () => getConfig().TRACK_ACTION_RATE_LIMIT, windowSeconds: 60 }],
  // So a malformed body is still a 400 during an outage.
  limiterDown: "open",
  handle: async (input, context) => {
    await recordAction(input, { browserId: context.browserId, gpcOptOut: gpcFromRequest(context.request) });
    return accepted();
  },
  onDatabaseDown: (context, error) => {
    // A client that hung up is not a lost event.
    if (!context.request.signal.aborted) recordLostEvent(describeError(error));
    return accepted();
  },
});
