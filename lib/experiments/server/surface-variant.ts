import "server-only";
import { assignVariant } from "@/lib/experiments/server/assign-variant";
import { recordExposure } from "@/lib/experiments/server/record-exposure";
import { surfaceState } from "@/lib/experiments/server/surface-state";
import { firstShownTo, shownTo, type VisitorKind } from "@/lib/experiments/shared/audiences";
import { isBotUserAgent } from "@/lib/experiments/shared/bot-user-agent";
import { SURFACE_VARIANTS, type Surface } from "@/lib/experiments/shared/surfaces";
import { describeError } from "@/lib/platform/shared/describe-error";
import { log } from "@/lib/platform/server/logger";

// Decided on the server before render (docs/product.md#assignment): a running experiment, else the
// latest rollout, else configuration.

export type VariantSource = "experiment" | "rollout" | "configuration";

export type SurfaceVariant = {
  variant: string;
  source: VariantSource;
  experimentKey: string | null;
};

// One line per interval, not per page view, while the database is down.
const REPORT_INTERVAL_MS = 10_000;
let unreported = 0;
let lastReport = 0;

function reportUnavailable(surface: Surface, error: unknown): void {
  unreported += 1;
  const now = Date.now();
  if (now - lastReport < REPORT_INTERVAL_MS) return;
  log.warn(
    `[experiments] database unavailable, ${unreported} view(s) served the configured variant (last: ${surface}): ${describeError(error)}`,
  );
  unreported = 0;
  lastReport = now;
}

/** kind: how the visitor got the book, where the page knows; an unknown visitor sees only variants for everyone. */
type Visitor = { browserId: string | null; userAgent: string | null; prefetch?: boolean; kind?: VisitorKind | null };

/** The configured variant, unless it is not meant for this visitor. */
function fallback(surface: Surface, visitor: Visitor, configured: string): SurfaceVariant {
  const kind = visitor.kind ?? null;
  const variant = shownTo(surface, configured, kind) ? configured : firstShownTo(surface, kind);
  return { variant, source: "configuration", experimentKey: null };
}

export async function resolveSurfaceVariant(
  surface: Surface,
  visitor: Visitor,
  configured: string,
): Promise<SurfaceVariant> {
  try {
    return await fromExperiments(surface, visitor, configured);
  } catch (error) {
    // An outage must not take the landing down: the default is shown and no exposure recorded, so
    // the numbers leave this view out rather than count it under a variant not shown.
    reportUnavailable(surface, error);
    return fallback(surface, visitor, configured);
  }
}

async function fromExperiments(surface: Surface, visitor: Visitor, configured: string): Promise<SurfaceVariant> {
  const { running, rollout } = await surfaceState(surface);
  const fits = (variant: string) => shownTo(surface, variant, visitor.kind ?? null);
  if (running && visitor.browserId && !isBotUserAgent(visitor.userAgent)) {
    const assigned = assignVariant(running.key, visitor.browserId, running.variants);
    // A visitor the assigned variant is not meant for stays out of the test: no exposure, not counted.
    if (fits(assigned)) {
      // A prefetch may never be shown, so it records nothing.
      const stored = visitor.prefetch ? assigned : await recordExposure(running.id, visitor.browserId, assigned);
      if (SURFACE_VARIANTS[surface].includes(stored) && fits(stored)) {
        return { variant: stored, source: "experiment", experimentKey: running.key };
      }
    }
  }
  if (rollout && fits(rollout)) return { variant: rollout, source: "rollout", experimentKey: null };
  return fallback(surface, visitor, configured);
}
