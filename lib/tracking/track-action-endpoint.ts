import "server-only";
import { getConfig } from "@/lib/config";
import { describeError } from "@/lib/describe-error";
import { ApiError } from "@/lib/http/api-error";
import { jsonRoute } from "@/lib/http/json-route";
import { consumeEventBudget } from "@/lib/tracking/event-rate-limit";
import { recordAction, trackActionSchema } from "@/lib/tracking/record-action";

// POST /api/track-action (spec §7): stores one funnel event and answers 202; when the database is
// down it still answers 202 and logs the lost event, so tracking never blocks a visitor.
// Served by app/api/track-action/route.ts and, in production, straight from the HTTP server
// (lib/http/fast-routes.ts): the same function either way.

export const TRACK_ACTION_MAX_BYTES = 6 * 1024;

const accepted = () => new Response(null, { status: 202, headers: { "Cache-Control": "no-store" } });

export const handleTrackAction = jsonRoute({
  schema: trackActionSchema,
  maxBytes: TRACK_ACTION_MAX_BYTES,
  // The limit is checked in the handler with a write-behind counter (see event-rate-limit.ts).
  handle: async (input, context) => {
    const rule = { name: "track-action", limit: getConfig().TRACK_ACTION_RATE_LIMIT, windowSeconds: 60 };
    const decision = await consumeEventBudget(rule, context.clientIp);
    if (!decision.allowed) {
      throw new ApiError(429, "rate_limited", "Too many requests. Please wait a moment and try again.", {
        "Retry-After": String(decision.retryAfterSeconds),
      });
    }
    await recordAction(input);
    return accepted();
  },
  onDatabaseDown: (context, error) => {
    // Through Next.js, a client that hung up mid-body surfaces as ECONNRESET too; that is not a
    // lost event. (The fast route never calls the handler for an incomplete body.)
    if (!context.request.signal.aborted)
      console.warn(`[tracking] database unavailable, funnel event lost (${describeError(error)})`);
    return accepted();
  },
});
