// Shared by the list and the CSV exports, so an export holds exactly the rows the list shows.
// Empty fields mean "any"; dates are UTC days, both ends included.
import { z } from "zod";
import { isoDay, parseDay } from "@/lib/shared/dates";
import { FLAGGED_VIEWS } from "@/lib/shared/excluded-rows";

export const LEAD_TRACKS = ["BUSINESS_OWNER", "NON_OWNER"] as const;
export const LEADS_PAGE_SIZE = 50;
export const NO_SOURCE = "(none)";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const day = z
  .string()
  .refine((value) => parseDay(value) !== null, { message: "must be a day as YYYY-MM-DD" })
  .transform((value) => parseDay(value) ?? new Date(0));

export const leadFilterSchema = z.strictObject({
  // Trigram indexes cannot narrow a shorter search, which would read every lead.
  q: optional(z.string().trim().min(3, { message: "search for at least 3 characters" }).max(100)),
  from: optional(day),
  to: optional(day),
  qualified: optional(z.enum(["yes", "no"])),
  track: optional(z.enum(LEAD_TRACKS)),
  source: optional(z.string().trim().max(100)),
  /** Leads flagged as test or spam: left out unless "include" or "only". */
  flagged: optional(z.enum(FLAGGED_VIEWS)),
});

export type LeadFilter = z.infer<typeof leadFilterSchema>;

export function leadFilterQuery(filter: LeadFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.q) out.q = filter.q;
  if (filter.from) out.from = isoDay(filter.from);
  if (filter.to) out.to = isoDay(filter.to);
  if (filter.qualified) out.qualified = filter.qualified;
  if (filter.track) out.track = filter.track;
  if (filter.source) out.source = filter.source;
  if (filter.flagged) out.flagged = filter.flagged;
  return out;
}
