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
