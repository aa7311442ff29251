import { addDays, isoWeekday, wallClock, zonedInstant } from "@/lib/shared/zoned-time";
import { MINUTE_MS } from "@/lib/shared/dates";

// The built-in calendar's slots (issue 10 item 8), pure so the server, the page and the tests
// compute the same ones. Availability is defined in the provider's time zone: on each configured
// weekday, slots of slotMinutes from the day's start, bufferMinutes apart, ending by the day's
// end; a slot needs minNoticeMinutes of notice and lies within daysAhead provider-local days
// (today counts as the first). A booking blocks [start, end + buffer): the database's exclusion
// constraint on bookings holds the same range, so what is listed free here can be booked there.

export type Availability = {
  timeZone: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: readonly number[];
  startMinute: number;
  endMinute: number;
  slotMinutes: number;
  bufferMinutes: number;
  daysAhead: number;
  minNoticeMinutes: number;
};

export type Slot = { start: Date; end: Date };
/** A booked span no other booking may overlap: [start, until). */
export type Busy = { start: Date; until: Date };

/** Every slot the calendar offers from `now` on, booked or not. */
export function offeredSlots(availability: Availability, now: Date): Slot[] {
  const { timeZone, slotMinutes, bufferMinutes } = availability;
  const today = wallClock(now.getTime(), timeZone);
  const earliest = now.getTime() + availability.minNoticeMinutes * MINUTE_MS;
  const slots: Slot[] = [];
  for (let offset = 0; offset < availability.daysAhead; offset++) {
    const date = addDays(today, offset);
    if (!availability.weekdays.includes(isoWeekday(date))) continue;
    const step = slotMinutes + bufferMinutes;
    for (let minute = availability.startMinute; minute + slotMinutes <= availability.endMinute; minute += step) {
      const start = zonedInstant(date, minute, timeZone);
      if (start === null || start < earliest) continue;
      slots.push({ start: new Date(start), end: new Date(start + slotMinutes * MINUTE_MS) });
    }
  }
  return slots;
}

/** The instant a booking of `start` blocks until: its end plus the buffer. */
export function blockedUntil(availability: Availability, start: Date): Date {
  return new Date(start.getTime() + (availability.slotMinutes + availability.bufferMinutes) * MINUTE_MS);
}

export function overlaps(availability: Availability, start: Date, busy: Busy): boolean {
  return start < busy.until && busy.start < blockedUntil(availability, start);
}

/** The offered slots no booking blocks. */
export function freeSlots(availability: Availability, now: Date, busy: readonly Busy[]): Slot[] {
  return offeredSlots(availability, now).filter((slot) => !busy.some((b) => overlaps(availability, slot.start, b)));
}

/** The offered slot starting exactly at `start`, or null (past, too soon, off the grid, a closed day). */
export function offeredSlotAt(availability: Availability, now: Date, start: Date): Slot | null {
  return offeredSlots(availability, now).find((slot) => slot.start.getTime() === start.getTime()) ?? null;
}
