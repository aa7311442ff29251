import { z } from "zod";
import { leadFilterSchema } from "@/lib/leads/shared/lead-filter";
import { stepInputSchema } from "@/lib/lifecycle/shared/step-input";

// What an operator may set on a broadcast; the console's form and its routes share it. The copy is
// checked as a sequence step's is; the segment is the leads list's filter without its flagged view,
// as leads flagged test or spam never get one.

export const BROADCAST_STATUSES = ["DRAFT", "SCHEDULED", "SENDING", "SENT", "CANCELLED"] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** About Resend's default of two requests a second, with room for the funnel's own e-mail. */
export const DEFAULT_RATE_PER_MINUTE = 100;
export const MAX_RATE_PER_MINUTE = 100_000;

export const broadcastSegmentSchema = leadFilterSchema.omit({ flagged: true });
export type BroadcastSegment = z.infer<typeof broadcastSegmentSchema>;

export const broadcastInputSchema = stepInputSchema
  .omit({ delayHours: true, condition: true })
  .extend({
    name: z.string().trim().min(1).max(120),
    segment: broadcastSegmentSchema,
    ratePerMinute: z.number().int().min(1).max(MAX_RATE_PER_MINUTE).default(DEFAULT_RATE_PER_MINUTE),
  })
  .strict();

export type BroadcastInput = z.infer<typeof broadcastInputSchema>;

/** `at` null: now. */
export const broadcastScheduleSchema = z.object({ at: z.iso.datetime({ offset: true }).nullable() }).strict();

/** While sending may still begin or go on, an operator may cancel; pending recipients get nothing. */
export function canCancel(status: BroadcastStatus): boolean {
  return status === "SCHEDULED" || status === "SENDING";
}

/** Only a draft's copy, segment and rate may change: a scheduled one is cancelled, not edited. */
export function canEdit(status: BroadcastStatus): boolean {
  return status === "DRAFT";
}

/**
 * The rate as a fixed one-minute window shared by every worker: how many may go now, and when the
 * window began (a new window when the last one is a minute old or more).
 */
export function rateAllowance(
  now: number,
  window: { startedAt: number | null; sent: number },
  ratePerMinute: number,
): { allowed: number; startedAt: number; sent: number; retryInMs: number } {
  const current = window.startedAt !== null && now - window.startedAt < 60_000;
  const startedAt = current && window.startedAt !== null ? window.startedAt : now;
  const sent = current ? window.sent : 0;
  const allowed = Math.max(0, ratePerMinute - sent);
  return { allowed, startedAt, sent, retryInMs: allowed > 0 ? 0 : startedAt + 60_000 - now };
}
