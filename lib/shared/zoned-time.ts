import { DAY_MS } from "@/lib/shared/dates";

// Intl only, no date library: the calendar is in the provider's zone, visitors see theirs.

export type CivilDate = { year: number; month: number; day: number };
export type WallClock = CivilDate & { hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Intl alone is not enough: it takes "asia/kolkata" (stored and mailed as spelt) and, in newer
 * runtimes, offsets such as "+05:30", which are no zone and differ between Node versions.
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

export function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** Null for a wall time skipped by daylight saving; the earlier instant when it occurs twice. */
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

export function addDays(date: CivilDate, days: number): CivilDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

export function isoWeekday(date: CivilDate): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}
