// POST /api/booking/cancel — cancels a built-in calendar booking through its manage-link token.
import { jsonRoute } from "@/lib/platform/server/http/json-route";
import { cancelBookingSchema } from "@/lib/booking/server/booking-input";
import { cancelBooking } from "@/lib/booking/server/change-booking";

export const POST = jsonRoute({
  schema: cancelBookingSchema,
  rateLimits: [{ name: "booking-change", limit: 20, windowSeconds: 600 }],
  handle: async (input) => {
    const { bookingId } = await cancelBooking(input.token);
    return Response.json(
      { success: true, bookingId, status: "canceled" },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
});
