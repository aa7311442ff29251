// Durations in milliseconds and the UTC-day helpers that reports, deadlines and schedules share.

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A UTC day as "YYYY-MM-DD", the form the rollup tables are keyed by. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The UTC midnight at or before `ms`. */
export const floorDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** The UTC midnight at or after `ms`. */
export const ceilDay = (ms: number) => Math.ceil(ms / DAY_MS) * DAY_MS;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** "YYYY-MM-DD" as that UTC midnight, or null when it is not a real day. */
export function parseDay(value: string | undefined): Date | null {
  if (!value || !DAY_PATTERN.test(value)) return null;
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || isoDay(date) !== value ? null : date;
}
