// A split this far off means assignment or tracking is broken, so no winner may be called.

import type { ArmTotals, SampleRatio } from "@/lib/experiments/shared/experiment-analysis";
import { chiSquareSurvival } from "@/lib/experiments/shared/stats/gamma";

export const SRM_P_VALUE = 0.001;

export function sampleRatio(arms: readonly Pick<ArmTotals, "visitors" | "weight">[]): SampleRatio {
  const degreesOfFreedom = Math.max(0, arms.length - 1);
  const total = arms.reduce((s, a) => s + a.visitors, 0);
  const weightTotal = arms.reduce((s, a) => s + Math.max(0, a.weight), 0);
  if (total === 0 || weightTotal === 0 || degreesOfFreedom === 0) {
    return { chiSquare: 0, degreesOfFreedom, pValue: 1, mismatch: false };
  }
  let chiSquare = 0;
  for (const arm of arms) {
    const expected = (total * Math.max(0, arm.weight)) / weightTotal;
    if (expected === 0) {
      if (arm.visitors > 0) return { chiSquare: Number.MAX_VALUE, degreesOfFreedom, pValue: 0, mismatch: true };
      continue;
    }
    chiSquare += (arm.visitors - expected) ** 2 / expected;
  }
  const pValue = chiSquareSurvival(chiSquare, degreesOfFreedom);
  return { chiSquare, degreesOfFreedom, pValue, mismatch: pValue < SRM_P_VALUE };
}
