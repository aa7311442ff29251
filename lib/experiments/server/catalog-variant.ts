import "server-only";
import { assignVariant } from "@/lib/experiments/server/assign-variant";
import { recordExposure } from "@/lib/experiments/server/record-exposure";
import { surfaceState } from "@/lib/experiments/server/surface-state";
import { verifyPreview } from "@/lib/experiments/server/preview-token";
import { isBotUserAgent } from "@/lib/experiments/shared/bot-user-agent";
import { isSubjectOf, type SubjectOf } from "@/lib/experiments/shared/catalog-subjects";
import type { CatalogSurface } from "@/lib/experiments/shared/surfaces";

// Which variant of a product's price, bump or post-purchase offer a browser gets, from the same
// assignment and exposures as the pages (docs/decisions/0034-catalog-split-tests.md). Errors are
// not swallowed: money must not fall back to another price between the page and the charge.

export type CatalogVariant<S extends CatalogSurface> = {
  subject: SubjectOf<S>;
  variant: string;
  source: "experiment" | "rollout" | "preview";
  /** A rollout's stop: the catalog may have published a newer price since. */
  stoppedAt: Date | null;
};

export type CatalogVisitor = {
  browserId: string | null;
  userAgent?: string | null;
  /** A page that may never be seen records no exposure. */
  prefetch?: boolean;
  /** A signed console preview (preview-token.ts). */
  preview?: string | null;
  /** A browser that has paid is no bot, whatever its user agent says (the offer API has none). */
  buyer?: boolean;
};

export async function catalogVariant<S extends CatalogSurface>(
  surface: S,
  productCode: string,
  visitor: CatalogVisitor,
): Promise<CatalogVariant<S> | null> {
  const { running, stopped, rollout } = await surfaceState(surface);
  const runningSubject = running?.subject ?? null;
  if (running && isSubjectOf(surface, runningSubject) && runningSubject.productCode === productCode) {
    const variants = running.variants;
    const preview = verifyPreview(visitor.preview);
    if (preview?.experimentId === running.id && variants.some((v) => v.key === preview.variant)) {
      return { subject: runningSubject, variant: preview.variant, source: "preview", stoppedAt: null };
    }
    if (visitor.browserId && (visitor.buyer || !isBotUserAgent(visitor.userAgent ?? null))) {
      const assigned = assignVariant(running.key, visitor.browserId, variants);
      const stored = visitor.prefetch ? assigned : await recordExposure(running.id, visitor.browserId, assigned);
      if (variants.some((v) => v.key === stored)) {
        return { subject: runningSubject, variant: stored, source: "experiment", stoppedAt: null };
      }
    }
  }
  const stoppedSubject = stopped?.subject ?? null;
  if (stopped && rollout && isSubjectOf(surface, stoppedSubject) && stoppedSubject.productCode === productCode) {
    return { subject: stoppedSubject, variant: rollout, source: "rollout", stoppedAt: stopped.stoppedAt };
  }
  return null;
}
