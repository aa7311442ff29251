// POST /api/booking/move — moves a built-in calendar booking to another free slot (manage-link token).
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { moveBookingSchema } from "@/lib/booking/server/booking-input";
import { moveBooking } from "@/lib/booking/server/change-booking";

export const POST = jsonRoute({
  schema: moveBookingSchema,
  rateLimits: [{ name: "booking-change", limit: 20, windowSeconds: 600 }],
  handle: async (input) => {
    const moved = await moveBooking(input);
    return noStoreJson({
      success: true,
      bookingId: moved.bookingId,
      scheduledTime: moved.start.toISOString(),
      endTime: moved.end.toISOString(),
    });
  },
});
