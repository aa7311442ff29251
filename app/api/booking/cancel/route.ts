// POST /api/booking/cancel — cancels a built-in calendar booking through its manage-link token.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { cancelBookingSchema } from "@/lib/booking/server/booking-input";
import { cancelBooking } from "@/lib/booking/server/change-booking";

export const POST = jsonRoute({
  schema: cancelBookingSchema,
  rateLimits: [{ name: "booking-change", limit: 20, windowSeconds: 600 }],
  handle: async (input) => {
    const { bookingId } = await cancelBooking(input.token);
    return noStoreJson({ success: true, bookingId, status: "canceled" });
  },
});
