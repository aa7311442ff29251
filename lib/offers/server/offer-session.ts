import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { findRegisteredSession } from "@/lib/leads/server/session-store";
import { ApiError } from "@/lib/platform/shared/api-error";
import { hasCountdown, OFFER_VARIANTS, type OfferVariant } from "@/lib/experiments/shared/offer-variant";

// The offer page's server-side state on the visitor's funnel session: which variant was shown
// (for A/B comparison) and when the countdown started (so a reload continues it).
// "The visitor's session" is findRegisteredSession(), the same one getCurrentVisitor() reads, so
// page render and API agree whichever tab set it.

/** POST /api/offer-view body. */
export const offerViewSchema = z.strictObject({ variant: z.enum(OFFER_VARIANTS) });

export type OfferViewResult = { variant: OfferVariant; elapsedMs: number | null };

/**
 * Records the variant shown and, for countdown variants, starts the countdown once. One UPDATE
 * with COALESCE keeps it idempotent: a reload, a second tab or a retried request never restarts
 * the clock. Done on POST from the page, not during the GET render, so link previews, prefetches
 * and crawlers cannot start a visitor's clock.
 */
export async function recordOfferView(
  browserId: string,
  variant: OfferVariant,
  now = new Date(),
): Promise<OfferViewResult> {
  const session = await findRegisteredSession(browserId);
  if (!session) throw new ApiError("user_information_required");
  const start = hasCountdown(variant) ? now : null;
  const rows = await getDb().$queryRaw<{ countdown_started_at: Date | null }[]>`
    UPDATE funnel_sessions
       SET offer_variant = ${variant},
           countdown_started_at = COALESCE(countdown_started_at, ${start}::timestamptz),
           last_seen_at = ${now}
     WHERE id = ${session.id}
 RETURNING countdown_started_at`;
  return { variant, elapsedMs: countdownElapsedMs(rows[0]?.countdown_started_at ?? null, now) };
}

/** Milliseconds since the countdown started, or null when it has not started. */
export function countdownElapsedMs(startedAt: Date | null, now = new Date()): number | null {
  return startedAt ? Math.max(0, now.getTime() - startedAt.getTime()) : null;
}
