import "server-only";
import { assignVariant } from "@/lib/experiments/server/assign-variant";
import { recordExposure } from "@/lib/experiments/server/record-exposure";
import { surfaceState } from "@/lib/experiments/server/surface-state";
import { isBotUserAgent } from "@/lib/experiments/shared/bot-user-agent";
import { SURFACE_VARIANTS, type Surface } from "@/lib/experiments/shared/surfaces";

// The variant of a surface one visitor sees (issue 13 §1-2), decided on the server before render:
// a running experiment assigns (and records the exposure once); otherwise, and for bots and
// visitors without a browser id, the latest stopped experiment's rollout; otherwise configuration.

export type VariantSource = "experiment" | "rollout" | "configuration";

export type SurfaceVariant = {
  variant: string;
  source: VariantSource;
  /** The running experiment's key when source is "experiment". */
  experimentKey: string | null;
};

export async function resolveSurfaceVariant(
  surface: Surface,
  visitor: { browserId: string | null; userAgent: string | null },
  configured: string,
): Promise<SurfaceVariant> {
  const { running, rollout } = await surfaceState(surface);
  if (running && visitor.browserId && !isBotUserAgent(visitor.userAgent)) {
    const assigned = assignVariant(running.key, visitor.browserId, running.variants);
    const stored = await recordExposure(running.id, visitor.browserId, assigned);
    if (SURFACE_VARIANTS[surface].includes(stored)) {
      return { variant: stored, source: "experiment", experimentKey: running.key };
    }
  }
  if (rollout) return { variant: rollout, source: "rollout", experimentKey: null };
  return { variant: configured, source: "configuration", experimentKey: null };
}
