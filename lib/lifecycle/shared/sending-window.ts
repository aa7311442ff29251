import { addDays, wallClock, zonedInstant, type CivilDate } from "@/lib/shared/zoned-time";

// Marketing e-mail goes out in the reader's daytime: a due time outside the window moves to the
// window's next opening, in the lead's time zone when known, else the business's.

export type SendingWindow = { startMinute: number; endMinute: number };

/** The first instant at or after `instant` that falls inside the window in `timeZone`. */
export function intoSendingWindow(instant: number, timeZone: string, window: SendingWindow): number {
  const wall = wallClock(instant, timeZone);
  const minute = wall.hour * 60 + wall.minute;
  if (minute >= window.startMinute && minute < window.endMinute) return instant;
  const today: CivilDate = { year: wall.year, month: wall.month, day: wall.day };
  const day = minute < window.startMinute ? today : addDays(today, 1);
  return openingOn(day, timeZone, window.startMinute);
}

/** A start skipped by daylight saving moves on by half hours to the first wall time that exists. */
function openingOn(day: CivilDate, timeZone: string, startMinute: number): number {
  for (let shift = 0; shift <= 120; shift += 30) {
    const at = zonedInstant(day, startMinute + shift, timeZone);
    if (at !== null) return at;
  }
  throw new RangeError(`no opening on ${day.year}-${day.month}-${day.day} in ${timeZone}`);
}
