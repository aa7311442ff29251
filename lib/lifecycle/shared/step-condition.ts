import { z } from "zod";

// A step's condition on what is known of the lead; every clause given must hold, and a lead who
// fails it when the step falls due leaves the sequence. Stored as JSON, parsed here on each use.

const productCode = z.string().regex(/^[a-z0-9-]{1,64}$/, "must be a catalog product code");

export const stepConditionSchema = z
  .object({
    /** The survey's track; a lead who answered no survey has none and fails it. */
    track: z.enum(["BUSINESS_OWNER", "NON_OWNER"]).optional(),
    /** The latest survey's qualification. */
    qualified: z.boolean().optional(),
    /** Whether the lead has a discovery call booked (not cancelled). */
    booked: z.boolean().optional(),
    /** Products the lead must have bought, every one. */
    bought: z.array(productCode).min(1).max(10).optional(),
    /** Products the lead must not have bought, any of them. */
    notBought: z.array(productCode).min(1).max(10).optional(),
    /** The lead's first-touch utm_source is one of these (case-insensitive). */
    source: z.array(z.string().trim().min(1).max(100)).min(1).max(20).optional(),
  })
  .strict();

export type StepCondition = z.infer<typeof stepConditionSchema>;

export type LeadFacts = {
  track: "BUSINESS_OWNER" | "NON_OWNER" | null;
  qualified: boolean | null;
  booked: boolean;
  purchases: readonly string[];
  source: string;
};

/** Null (no condition) holds; a stored value that is not a valid condition throws. */
export function parseStepCondition(value: unknown): StepCondition | null {
  return value === null || value === undefined ? null : stepConditionSchema.parse(value);
}

export function conditionHolds(condition: StepCondition | null, facts: LeadFacts): boolean {
  if (!condition) return true;
  if (condition.track !== undefined && facts.track !== condition.track) return false;
  if (condition.qualified !== undefined && facts.qualified !== condition.qualified) return false;
  if (condition.booked !== undefined && facts.booked !== condition.booked) return false;
  if (condition.bought && !condition.bought.every((code) => facts.purchases.includes(code))) return false;
  if (condition.notBought?.some((code) => facts.purchases.includes(code))) return false;
  if (condition.source) {
    const source = facts.source.trim().toLowerCase();
    if (!condition.source.some((s) => s.toLowerCase() === source)) return false;
  }
  return true;
}
