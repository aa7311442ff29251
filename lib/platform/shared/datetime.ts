import { z } from "zod";

// Client-sent instants (tracking timestamps, booked call times). z.iso.datetime accepts any
// four-digit year, but year 0000 does not exist in PostgreSQL and far years are never real
// client clocks or bookings, so the range is bounded here: one rule for every route.

export const EARLIEST_INSTANT = Date.UTC(2000, 0, 1);
export const LATEST_INSTANT = Date.UTC(2100, 0, 1);

export const RANGE_MESSAGE = "must be a date between 2000 and 2099";

/** An ISO 8601 date-time with an offset, between 2000-01-01 and 2099-12-31 (UTC). */
export const boundedDateTime = z.iso.datetime({ offset: true }).refine((value) => {
  const time = Date.parse(value);
  return time >= EARLIEST_INSTANT && time < LATEST_INSTANT;
}, RANGE_MESSAGE);
