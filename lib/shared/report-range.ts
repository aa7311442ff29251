// [from, to) in UTC, so consecutive ranges never count a row twice.
import { z } from "zod";
import { DAY_MS } from "@/lib/shared/dates";

export type ReportRange = { from: Date; to: Date };

export const MAX_RANGE_DAYS = 366;
export const reportRangeSchema = z
  .strictObject({ from: z.coerce.date(), to: z.coerce.date() })
  .refine((r) => r.from.getTime() < r.to.getTime(), { message: "from must be before to" })
  .refine((r) => r.to.getTime() - r.from.getTime() <= MAX_RANGE_DAYS * DAY_MS, {
    message: `the range is at most ${MAX_RANGE_DAYS} days`,
  });
