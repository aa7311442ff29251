import { DAY_MS } from "@/lib/shared/dates";

// Wall-clock time in an IANA time zone, with Intl only (no date library): the provider's
// calendar is defined in its own zone, slots are instants, and visitors see them in theirs.

export type CivilDate = { year: number; month: number; day: number };
export type WallClock = CivilDate & { hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A zone name as tzdb spells it: "Area/Location[/Sub]" or a bare legacy name ("UTC", "EST5EDT"),
 * every part starting with a capital. Intl alone is not enough: it takes "asia/kolkata" (which
 * would then be stored and mailed in that spelling) and, in newer runtimes, UTC offsets such as
 * "+05:30", which are no zone (no daylight saving) and would differ between Node versions.
 */
const ZONE_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)*$/;

export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64 || !ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // h23: some ICU versions print midnight as "24" under hour12: false.
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instant`. */
export function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
export function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant at which `timeZone`'s clocks show `minuteOfDay` on `date`. Null when that wall
 * time does not exist (skipped by a daylight-saving jump); the earlier instant when it occurs
 * twice (clocks set back). Offsets are sampled 14 h either side, where any one transition shows.
 */
export function zonedInstant(date: CivilDate, minuteOfDay: number, timeZone: string): number | null {
  const guess = Date.UTC(date.year, date.month - 1, date.day, 0, minuteOfDay);
  const hour = Math.floor(minuteOfDay / 60);
  const minute = minuteOfDay % 60;
  const candidates = [...new Set([14, -14].map((h) => guess - offsetAt(guess + h * 3_600_000, timeZone)))]
    .filter((instant) => {
      const w = wallClock(instant, timeZone);
      return (
        w.year === date.year && w.month === date.month && w.day === date.day && w.hour === hour && w.minute === minute
      );
    })
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

/** The calendar date `days` after `date` (proleptic Gregorian, no time zone involved). */
export function addDays(date: CivilDate, days: number): CivilDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: CivilDate): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}
