// The overview funnel's steps (issue 12 point 2) and the step-to-step conversion rule. Pure, so
// the console's table, its chart and the unit tests agree on one definition.

export const FUNNEL_STEPS = ["page_load", "opt_in", "survey", "qualified_or_offer", "checkout", "paid"] as const;
export type FunnelStepKey = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_SPLITS = ["none", "landing", "offer_variant", "utm_source", "utm_campaign"] as const;
export type FunnelSplit = (typeof FUNNEL_SPLITS)[number];

/** Sessions that reached a step, and the share of the previous step's sessions that did. */
export type FunnelStepCount = { step: FunnelStepKey; sessions: number; conversion: number | null };

export type FunnelCounts = Record<FunnelStepKey, number>;

/**
 * Each step is counted on its own (a session that reached it), not as "reached every earlier
 * step": the $7 landing goes to checkout without an opt-in, so a conversion can exceed 1. A step
 * after one with no sessions has no conversion (null), never a division by zero.
 */
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
