import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { findRegisteredSession } from "@/lib/leads/server/session-store";
import { ApiError } from "@/lib/platform/shared/api-error";
import { hasCountdown, OFFER_VARIANTS, type OfferVariant } from "@/lib/experiments/shared/offer-variant";

// Which variant was shown and when the countdown started, so a reload continues it. Same session
// as getCurrentVisitor(), so render and API agree whichever tab set it.

export const offerViewSchema = z.strictObject({ variant: z.enum(OFFER_VARIANTS) });

export type OfferViewResult = { variant: OfferVariant; elapsedMs: number | null };

/**
 * Idempotent (COALESCE): a reload or second tab never restarts the clock. On POST, not the GET
 * render, so link previews and crawlers cannot start it.
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

export function countdownElapsedMs(startedAt: Date | null, now = new Date()): number | null {
  return startedAt ? Math.max(0, now.getTime() - startedAt.getTime()) : null;
}
