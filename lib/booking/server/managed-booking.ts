import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { hashManageToken, manageTokenSchema } from "@/lib/booking/server/manage-token";

// After the call starts, or once cancelled, the link still shows what happened but changes nothing.

export async function bookingByToken(token: string) {
  return getDb().booking.findUnique({
    where: { manageTokenHash: hashManageToken(token) },
    include: { prospect: { select: { id: true, email: true, name: true, firstName: true } } },
  });
}

export type ManagedBooking = NonNullable<Awaited<ReturnType<typeof bookingByToken>>>;

export type ManageView =
  { state: "invalid" } | { state: "booked" | "canceled" | "past"; start: Date; end: Date; visitorTimezone: string };

export async function manageView(token: string | undefined, now = new Date()): Promise<ManageView> {
  const booking = manageTokenSchema.safeParse(token).success && token ? await bookingByToken(token) : null;
  if (!booking) return { state: "invalid" };
  const state = booking.status === "CANCELED" ? "canceled" : booking.startsAt <= now ? "past" : "booked";
  return { state, start: booking.startsAt, end: booking.endsAt, visitorTimezone: booking.visitorTimezone };
}

export async function changeableBooking(token: string, now: Date): Promise<ManagedBooking> {
  const booking = await bookingByToken(token);
  if (!booking) throw new ApiError("booking_link_invalid");
  if (booking.status === "CANCELED") throw new ApiError("booking_canceled");
  if (booking.startsAt <= now) throw new ApiError("booking_closed");
  return booking;
}

/** Written only if nobody changed the booking since it was read; otherwise says what happened. */
export async function explainLostChange(token: string, now: Date): Promise<never> {
  await changeableBooking(token, now);
  throw new ApiError("conflict", "This call was changed a moment ago. Please reload the page and try again.");
}
