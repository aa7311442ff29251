import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { bookingAvailability } from "@/lib/booking/server/booking-settings";
import { freeSlots, type Availability, type Slot } from "@/lib/booking/shared/slots";

// Instants: the browser names them in the visitor's own zone.

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
