// POST /api/scheduled-call — records a booking reported by the inline booking widget.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { recordScheduledCall, scheduledCallSchema } from "@/lib/booking/server/record-scheduled-call";

export const POST = jsonRoute({
  schema: scheduledCallSchema,
  rateLimits: [{ name: "scheduled-call", limit: 20, windowSeconds: 600 }],
  handle: async (input, context) => {
    const result = await recordScheduledCall(input, context);
    return noStoreJson({ success: true, scheduledCallId: result.scheduledCallId }, result.created ? 201 : 200);
  },
});
