// GET /api/booking/slots — the built-in calendar's free slots for the coming days (UTC instants).
import { ApiError } from "@/lib/platform/shared/api-error";
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { slotsQuerySchema } from "@/lib/booking/server/booking-input";
import { builtInCalendarEnabled } from "@/lib/booking/server/booking-settings";
import { slotList } from "@/lib/booking/server/booking-slots";

export const dynamic = "force-dynamic";

export const GET = jsonRoute({
  schema: slotsQuerySchema,
  source: "query",
  rateLimits: [{ name: "booking-slots", limit: 120, windowSeconds: 600 }],
  handle: async () => {
    if (!builtInCalendarEnabled()) throw new ApiError("not_found", "Calls are booked through the booking widget.");
    return noStoreJson(await slotList());
  },
});
