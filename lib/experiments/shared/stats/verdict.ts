// The rule that keeps daily peeking safe (docs/decisions/0009); thresholds.ts holds the numbers.

import type {
  ArmEstimate,
  ArmTotals,
  Comparison,
  MinimumSample,
  SampleRatio,
  Verdict,
} from "@/lib/experiments/shared/experiment-analysis";
import type { Metric } from "@/lib/experiments/shared/surfaces";
import { MAX_WINNER_LOSS, NO_DIFFERENCE_LOSS, winProbability } from "@/lib/experiments/shared/stats/thresholds";
import { METRIC_NOUN, formatCount, formatMetric, formatProbability } from "@/lib/experiments/shared/stats/verdict-text";

export type VerdictInput = {
  metric: Metric;
  arms: readonly ArmTotals[];
  estimates: readonly ArmEstimate[];
  comparisons: readonly Comparison[];
  sampleRatio: SampleRatio;
  sample: MinimumSample;
  /** The scale of the loss thresholds. */
  pooledMean: number;
  /** A stopped test collects no more visitors: it is never told to keep running. */
  stopped: boolean;
};

export function verdict({
  metric,
  arms,
  estimates,
  comparisons,
  sampleRatio,
  sample,
  pooledMean,
  stopped,
}: VerdictInput): Verdict {
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
  const [first] = comparisons;
  if (control === undefined || first === undefined || !sample.reached) {
    const noun = metric === "revenue" ? "buyers" : "conversions";
    const short = [
      sample.fewestVisitors < sample.visitorsNeeded
        ? `${formatCount(sample.fewestVisitors)} of ${formatCount(sample.visitorsNeeded)} visitors per variant`
        : null,
      sample.conversions < sample.conversionsNeeded
        ? `${formatCount(sample.conversions)} of ${formatCount(sample.conversionsNeeded)} ${noun}`
        : null,
    ].filter((part): part is string => part !== null);
    const missing = short.length > 0 ? short.join(" and ") : "no variant to compare";
    return stopped
      ? { kind: "stopped", winner: null, text: `Stopped before the minimum sample: ${missing}.` }
      : { kind: "too_few_visitors", winner: null, text: `Not enough visitors yet: ${missing}.` };
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
  const needs = `a winner ${stopped ? "needed" : "needs"} ${formatProbability(threshold)}`;
  const [kind, opening, soFar] = stopped
    ? (["stopped", "Stopped without a winner", ""] as const)
    : (["keep_running", "Keep running", " so far"] as const);
  if (leader.chanceToBeatControl < 0.5) {
    const closest = 1 - leader.chanceToBeatControl;
    return {
      kind,
      winner: null,
      text: `${opening}: ${control.key} (the control) leads ${leader.key} with ${formatProbability(closest)} probability${soFar}; ${needs} (${versus(control.key, leader.key)}).`,
    };
  }
  return {
    kind,
    winner: null,
    text: `${opening}: ${leader.key} beats ${control.key} with ${formatProbability(leader.chanceToBeatControl)} probability${soFar}; ${needs} (${versus(leader.key, control.key)}).`,
  };
}
