import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { bookingAvailability } from "@/lib/booking/server/booking-settings";
import { freeSlots, type Availability, type Slot } from "@/lib/booking/shared/slots";

// GET /api/booking/slots and /schedule-call: the free slots of the coming days, as instants.
// The visitor's browser names them in the visitor's own time zone.

export type SlotList = { timeZone: string; slotMinutes: number; slots: { start: string; end: string }[] };

export async function listFreeSlots(
  now = new Date(),
  availability: Availability = bookingAvailability(),
): Promise<Slot[]> {
  const busy = await getDb().booking.findMany({
    where: { status: "BOOKED", blockedUntil: { gt: now } },
    select: { startsAt: true, blockedUntil: true },
  });
  return freeSlots(
    availability,
    now,
    busy.map((row) => ({ start: row.startsAt, until: row.blockedUntil })),
  );
}

export async function slotList(now = new Date()): Promise<SlotList> {
  const availability = bookingAvailability();
  const slots = await listFreeSlots(now, availability);
  return {
    timeZone: availability.timeZone,
    slotMinutes: availability.slotMinutes,
    slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
  };
}
