// Pure, so the console's table, chart and unit tests agree on one definition.

export const FUNNEL_STEPS = ["page_load", "opt_in", "survey", "qualified_or_offer", "checkout", "paid"] as const;
export type FunnelStepKey = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_SPLITS = ["none", "landing", "offer_variant", "utm_source", "utm_campaign"] as const;
export type FunnelSplit = (typeof FUNNEL_SPLITS)[number];

export type FunnelStepCount = { step: FunnelStepKey; sessions: number; conversion: number | null };

export type FunnelCounts = Record<FunnelStepKey, number>;

/** Steps are counted on their own: the $7 landing skips the opt-in, so a conversion can exceed 1. */
export function withConversions(counts: FunnelCounts): FunnelStepCount[] {
  return FUNNEL_STEPS.map((step, i) => {
    const previous = i === 0 ? null : counts[FUNNEL_STEPS[i - 1] as FunnelStepKey];
    return {
      step,
      sessions: counts[step],
      conversion: previous === null || previous === 0 ? null : counts[step] / previous,
    };
  });
}
