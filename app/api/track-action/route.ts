// POST /api/track-action — stores one funnel event (spec §4 steps) and answers 202; when the
// database is down it still answers 202 and logs the lost event, so tracking never blocks a visitor.
import { getConfig } from "@/lib/config";
import { ApiError } from "@/lib/http/api-error";
import { jsonRoute } from "@/lib/http/json-route";
import { consumeEventBudget } from "@/lib/tracking/event-rate-limit";
import { describeError } from "@/lib/describe-error";
import { recordAction, trackActionSchema } from "@/lib/tracking/record-action";

const accepted = () => new Response(null, { status: 202, headers: { "Cache-Control": "no-store" } });

export const POST = jsonRoute({
  schema: trackActionSchema,
  maxBytes: 6 * 1024,
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
    // A client that hung up mid-body surfaces as ECONNRESET too; that is not a lost event.
    if (!context.request.signal.aborted)
      console.warn(`[tracking] database unavailable, funnel event lost (${describeError(error)})`);
    return accepted();
  },
});
