// The contract between the experiment results report (lib/experiments/server) and the pure
// statistics module (lib/experiments/shared/stats/). Index 0 of `arms` is the control.

import type { Metric } from "@/lib/experiments/shared/surfaces";

/** One variant's totals over the experiment's exposed visitors. */
export type ArmTotals = {
  key: string;
  /** The weight the experiment gave this variant (relative; the SRM check normalises). */
  weight: number;
  visitors: number;
  /**
   * Visitors who converted on a rate metric (opt_in or paid, whichever is analysed); for revenue,
   * the paying visitors (the minimum-sample guard counts them).
   */
  conversions: number;
  /** Net revenue (cents, refunds subtracted) summed over visitors, and its sum of squares per visitor. */
  revenueSum: number;
  revenueSumSquares: number;
};

export type AnalysisInput = { metric: Metric; arms: ArmTotals[] };

export type Interval = { lower: number; upper: number };

export type ArmEstimate = {
  key: string;
  /** Posterior mean of the metric: a rate (0..1) or cents per visitor. */
  mean: number;
  /** 95 % credible interval of the metric. */
  interval: Interval;
};

export type Comparison = {
  key: string;
  /** P(variant's metric > control's metric), 0..1. */
  chanceToBeatControl: number;
  /** Expected loss of shipping this variant instead of the control, in the metric's unit. */
  expectedLoss: number;
  /** Expected loss of keeping the control instead of this variant, in the metric's unit. */
  expectedLossOfControl: number;
  /** 95 % credible interval of the relative lift (variant / control - 1). */
  relativeLift: Interval & { mean: number };
};

export type SampleRatio = { chiSquare: number; degreesOfFreedom: number; pValue: number; mismatch: boolean };

export type VerdictKind = "sample_ratio_mismatch" | "too_few_visitors" | "keep_running" | "winner" | "no_difference";

export type Verdict = {
  kind: VerdictKind;
  /** The variant key to roll out when kind is "winner" (the control can win too). */
  winner: string | null;
  /** Plain language for the operator, e.g. "B is better with 97 % probability". */
  text: string;
};

export type ExperimentAnalysis = {
  metric: Metric;
  arms: ArmEstimate[];
  /** One per non-control arm, in arms order. */
  comparisons: Comparison[];
  sampleRatio: SampleRatio;
  verdict: Verdict;
};
