// POST /api/scheduled-call — records a booking reported by the inline booking widget.
import { jsonRoute } from "@/lib/platform/server/http/json-route";
import { recordScheduledCall, scheduledCallSchema } from "@/lib/booking/server/record-scheduled-call";

export const POST = jsonRoute({
  schema: scheduledCallSchema,
  rateLimits: [{ name: "scheduled-call", limit: 20, windowSeconds: 600 }],
  handle: async (input, context) => {
    const result = await recordScheduledCall(input, context);
    return Response.json(
      { success: true, scheduledCallId: result.scheduledCallId },
      { status: result.created ? 201 : 200, headers: { "Cache-Control": "no-store" } },
    );
  },
});
