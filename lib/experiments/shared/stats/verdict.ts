// The rule that keeps daily peeking safe (docs/decisions/0009); thresholds.ts holds the numbers.

import type {
  ArmEstimate,
  ArmTotals,
  Comparison,
  SampleRatio,
  Verdict,
} from "@/lib/experiments/shared/experiment-analysis";
import type { Metric } from "@/lib/experiments/shared/surfaces";
import {
  MAX_WINNER_LOSS,
  MIN_CONVERSIONS,
  MIN_VISITORS_PER_ARM,
  NO_DIFFERENCE_LOSS,
  winProbability,
} from "@/lib/experiments/shared/stats/thresholds";
import { METRIC_NOUN, formatCount, formatMetric, formatProbability } from "@/lib/experiments/shared/stats/verdict-text";

export type VerdictInput = {
  metric: Metric;
  arms: readonly ArmTotals[];
  estimates: readonly ArmEstimate[];
  comparisons: readonly Comparison[];
  sampleRatio: SampleRatio;
  /** The scale of the loss thresholds. */
  pooledMean: number;
};

export function verdict({ metric, arms, estimates, comparisons, sampleRatio, pooledMean }: VerdictInput): Verdict {
  const control = arms[0];
  if (sampleRatio.mismatch) {
    const split = arms.map((a) => formatCount(a.visitors)).join(" / ");
    const weights = arms.map((a) => a.weight).join(" / ");
    return {
      kind: "sample_ratio_mismatch",
      winner: null,
      text: `Sample ratio mismatch: visitors split ${split} where the weights are ${weights} (χ² p = ${sampleRatio.pValue.toExponential(1)}). Assignment or tracking is broken; no winner can be called on this data.`,
    };
  }
  const fewestVisitors = arms.length > 0 ? Math.min(...arms.map((a) => a.visitors)) : 0;
  const conversions = arms.reduce((s, a) => s + a.conversions, 0);
  const [first] = comparisons;
  if (
    control === undefined ||
    first === undefined ||
    fewestVisitors < MIN_VISITORS_PER_ARM ||
    conversions < MIN_CONVERSIONS
  ) {
    const noun = metric === "revenue" ? "buyers" : "conversions";
    const short = [
      fewestVisitors < MIN_VISITORS_PER_ARM
        ? `${formatCount(fewestVisitors)} of ${formatCount(MIN_VISITORS_PER_ARM)} visitors per variant`
        : null,
      conversions < MIN_CONVERSIONS ? `${formatCount(conversions)} of ${formatCount(MIN_CONVERSIONS)} ${noun}` : null,
    ].filter((part): part is string => part !== null);
    return {
      kind: "too_few_visitors",
      winner: null,
      text: `Keep running: ${short.length > 0 ? short.join(" and ") : "no variant to compare"} so far.`,
    };
  }
  const threshold = winProbability(comparisons.length);
  const maxLoss = MAX_WINNER_LOSS * pooledMean;
  const noun = METRIC_NOUN[metric];
  const mean = (key: string) => estimates.find((e) => e.key === key)?.mean ?? 0;
  const versus = (a: string, b: string) =>
    `${noun} ${formatMetric(metric, mean(a))} vs ${formatMetric(metric, mean(b))}`;

  const winners = comparisons
    .filter((c) => c.chanceToBeatControl >= threshold && c.expectedLoss <= maxLoss)
    .sort((a, b) => b.chanceToBeatControl - a.chanceToBeatControl);
  const best = winners[0];
  if (best !== undefined) {
    return {
      kind: "winner",
      winner: best.key,
      text: `${best.key} is better than ${control.key} with ${formatProbability(best.chanceToBeatControl)} probability (${versus(best.key, control.key)}).`,
    };
  }
  if (comparisons.every((c) => 1 - c.chanceToBeatControl >= threshold && c.expectedLossOfControl <= maxLoss)) {
    const worst = Math.min(...comparisons.map((c) => 1 - c.chanceToBeatControl));
    const others = comparisons.map((c) => c.key).join(" and ");
    return {
      kind: "winner",
      winner: control.key,
      text: `${control.key} (the control) is better than ${others} with ${formatProbability(worst)} probability: keep ${control.key}.`,
    };
  }
  const tolerance = NO_DIFFERENCE_LOSS * pooledMean;
  if (comparisons.every((c) => c.expectedLoss <= tolerance && c.expectedLossOfControl <= tolerance)) {
    return {
      kind: "no_difference",
      winner: null,
      text: `No detectable difference: whichever variant you keep costs less than ${Math.round(NO_DIFFERENCE_LOSS * 100)} % of the ${noun} in expectation (${formatMetric(metric, pooledMean)} overall).`,
    };
  }
  const leader = comparisons.reduce((a, b) => (b.chanceToBeatControl > a.chanceToBeatControl ? b : a), first);
  const needs = `a winner needs ${formatProbability(threshold)}`;
  if (leader.chanceToBeatControl < 0.5) {
    const closest = 1 - leader.chanceToBeatControl;
    return {
      kind: "keep_running",
      winner: null,
      text: `Keep running: ${control.key} (the control) leads ${leader.key} with ${formatProbability(closest)} probability so far; ${needs} (${versus(control.key, leader.key)}).`,
    };
  }
  return {
    kind: "keep_running",
    winner: null,
    text: `Keep running: ${leader.key} beats ${control.key} with ${formatProbability(leader.chanceToBeatControl)} probability so far; ${needs} (${versus(leader.key, control.key)}).`,
  };
}
