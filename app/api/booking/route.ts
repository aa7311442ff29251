// POST /api/booking — books a slot of the built-in calendar (phone consent first) and mails the invitation.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { createBookingSchema } from "@/lib/booking/server/booking-input";
import { createBooking } from "@/lib/booking/server/create-booking";

export const POST = jsonRoute({
  schema: createBookingSchema,
  rateLimits: [{ name: "booking", limit: 10, windowSeconds: 600 }],
  handle: async (input, context) => {
    const booking = await createBooking(input, context);
    return noStoreJson(
      {
        success: true,
        bookingId: booking.bookingId,
        eventId: booking.bookingId,
        scheduledTime: booking.start.toISOString(),
        endTime: booking.end.toISOString(),
        eventType: booking.eventType,
        userTimezone: booking.userTimezone,
      },
      201,
    );
  },
});
