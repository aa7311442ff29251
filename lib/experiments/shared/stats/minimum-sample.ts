// Below it neither a verdict nor a chance to beat the control is shown: early numbers swing too far.

import type { ArmTotals, MinimumSample } from "@/lib/experiments/shared/experiment-analysis";
import { MIN_CONVERSIONS, MIN_VISITORS_PER_ARM } from "@/lib/experiments/shared/stats/thresholds";

export function minimumSample(arms: readonly ArmTotals[]): MinimumSample {
  const fewestVisitors = arms.length > 0 ? Math.min(...arms.map((a) => a.visitors)) : 0;
  const conversions = arms.reduce((s, a) => s + a.conversions, 0);
  return {
    fewestVisitors,
    visitorsNeeded: MIN_VISITORS_PER_ARM,
    conversions,
    conversionsNeeded: MIN_CONVERSIONS,
    reached: arms.length >= 2 && fewestVisitors >= MIN_VISITORS_PER_ARM && conversions >= MIN_CONVERSIONS,
  };
}
