import { z } from "zod";

// Year 0000 does not exist in PostgreSQL, and far years are never real clocks: one bound for every route.

export const EARLIEST_INSTANT = Date.UTC(2000, 0, 1);
export const LATEST_INSTANT = Date.UTC(2100, 0, 1);

export const RANGE_MESSAGE = "must be a date between 2000 and 2099";

export const boundedDateTime = z.iso.datetime({ offset: true }).refine((value) => {
  const time = Date.parse(value);
  return time >= EARLIEST_INSTANT && time < LATEST_INSTANT;
}, RANGE_MESSAGE);
