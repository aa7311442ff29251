import { addDays, isoWeekday, wallClock, zonedInstant } from "@/lib/shared/zoned-time";
import { MINUTE_MS } from "@/lib/shared/dates";

// Pure, so server, page and tests compute the same slots (docs/product.md#booking). A booking
// blocks [start, end + buffer), the same range the database's exclusion constraint holds.

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

export function blockedUntil(availability: Availability, start: Date): Date {
  return new Date(start.getTime() + (availability.slotMinutes + availability.bufferMinutes) * MINUTE_MS);
}

export function overlaps(availability: Availability, start: Date, busy: Busy): boolean {
  return start < busy.until && busy.start < blockedUntil(availability, start);
}

export function freeSlots(availability: Availability, now: Date, busy: readonly Busy[]): Slot[] {
  return offeredSlots(availability, now).filter((slot) => !busy.some((b) => overlaps(availability, slot.start, b)));
}

export function offeredSlotAt(availability: Availability, now: Date, start: Date): Slot | null {
  return offeredSlots(availability, now).find((slot) => slot.start.getTime() === start.getTime()) ?? null;
}
