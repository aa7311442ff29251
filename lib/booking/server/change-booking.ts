import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import type { MoveBookingInput } from "@/lib/booking/server/booking-input";
import { bookingEmail } from "@/lib/booking/server/booking-mail";
import { isExclusionViolation } from "@/lib/platform/shared/db-errors";
import { bookingAvailability, builtInCalendarEnabled } from "@/lib/booking/server/booking-settings";
import { changeableBooking, explainLostChange } from "@/lib/booking/server/managed-booking";
import { blockedUntil, offeredSlotAt } from "@/lib/booking/shared/slots";
import { log } from "@/lib/platform/server/logger";

// Each change raises the iCalendar SEQUENCE and queues its update in the same transaction. A move
// is one UPDATE the exclusion constraint refuses if the new time was taken, so the old slot is kept.

export type ChangedBooking = { bookingId: string; start: Date; end: Date; emailId: string | null };

export async function cancelBooking(token: string, now = new Date()): Promise<ChangedBooking> {
  const booking = await changeableBooking(token, now);
  const message = await bookingEmail({
    kind: "canceled",
    bookingId: booking.id,
    sequence: booking.sequence + 1,
    start: booking.startsAt,
    end: booking.endsAt,
    visitorTimezone: booking.visitorTimezone,
    prospect: booking.prospect,
  });
  const emailId = await getDb().$transaction(async (tx) => {
    const changed = await tx.booking.updateMany({
      where: { id: booking.id, status: "BOOKED", sequence: booking.sequence, startsAt: { gt: now } },
      data: { status: "CANCELED", canceledAt: now, sequence: { increment: 1 } },
    });
    if (changed.count === 0) return null;
    await tx.scheduledCall.updateMany({ where: { bookingId: booking.id }, data: { canceledAt: now } });
    return enqueueEmail(message, tx);
  });
  if (emailId === null) return explainLostChange(token, now);
  log.info(`[booking] ${booking.id} cancelled`);
  return { bookingId: booking.id, start: booking.startsAt, end: booking.endsAt, emailId };
}

export async function moveBooking(input: MoveBookingInput, now = new Date()): Promise<ChangedBooking> {
  if (!builtInCalendarEnabled()) throw new ApiError("not_found", "Calls are booked through the booking widget.");
  const booking = await changeableBooking(input.token, now);
  const availability = bookingAvailability();
  const slot = offeredSlotAt(availability, now, new Date(input.start));
  if (!slot) throw new ApiError("slot_unavailable");
  if (slot.start.getTime() === booking.startsAt.getTime()) {
    return { bookingId: booking.id, start: booking.startsAt, end: booking.endsAt, emailId: null };
  }
  const message = await bookingEmail({
    kind: "moved",
    bookingId: booking.id,
    sequence: booking.sequence + 1,
    start: slot.start,
    end: slot.end,
    visitorTimezone: input.userTimezone,
    prospect: booking.prospect,
    token: input.token,
  });
  let emailId: string | null;
  try {
    emailId = await getDb().$transaction(async (tx) => {
      const changed = await tx.booking.updateMany({
        where: { id: booking.id, status: "BOOKED", sequence: booking.sequence, startsAt: { gt: now } },
        data: {
          startsAt: slot.start,
          endsAt: slot.end,
          blockedUntil: blockedUntil(availability, slot.start),
          visitorTimezone: input.userTimezone,
          sequence: { increment: 1 },
        },
      });
      if (changed.count === 0) return null;
      await tx.scheduledCall.updateMany({
        where: { bookingId: booking.id },
        data: { scheduledTime: slot.start, userTimezone: input.userTimezone },
      });
      return enqueueEmail(message, tx);
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new ApiError("slot_taken");
    throw error;
  }
  if (emailId === null) return explainLostChange(input.token, now);
  log.info(`[booking] ${booking.id} moved`);
  return { bookingId: booking.id, start: slot.start, end: slot.end, emailId };
}
