// POST /api/track-action — stores one funnel event (spec §4 steps) and answers 202; when the
// database is down it still answers 202 and logs the lost event, so tracking never blocks a visitor.
import { getConfig } from "@/lib/config";
import { jsonRoute } from "@/lib/http/json-route";
import { describeDbError, recordAction, trackActionSchema } from "@/lib/tracking/record-action";

const accepted = () => new Response(null, { status: 202, headers: { "Cache-Control": "no-store" } });

export const POST = jsonRoute({
  schema: trackActionSchema,
  maxBytes: 6 * 1024,
  rateLimits: [{ name: "track-action", limit: getConfig().TRACK_ACTION_RATE_LIMIT, windowSeconds: 60 }],
  handle: async (input) => {
    await recordAction(input);
    return accepted();
  },
  onDatabaseDown: (_context, error) => {
    console.warn(`[tracking] database unavailable, funnel event lost (${describeDbError(error)})`);
    return accepted();
  },
});
