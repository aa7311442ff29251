// Contract between the results report and lib/experiments/shared/stats/. arms[0] is the control.

import type { Metric } from "@/lib/experiments/shared/surfaces";

export type ArmTotals = {
  key: string;
  /** Relative; the SRM check normalises. */
  weight: number;
  visitors: number;
  /** For revenue: the paying visitors (the minimum-sample guard counts them). */
  conversions: number;
  /** Cents, refunds subtracted; with its sum of squares per visitor. */
  revenueSum: number;
  revenueSumSquares: number;
};

/** stopped: the test no longer collects visitors, so "keep running" cannot be the advice. */
export type AnalysisInput = { metric: Metric; arms: ArmTotals[]; stopped?: boolean };

/** Visitors of the smallest variant and conversions in all, against what a verdict needs. */
export type MinimumSample = {
  fewestVisitors: number;
  visitorsNeeded: number;
  conversions: number;
  conversionsNeeded: number;
  reached: boolean;
};

export type Interval = { lower: number; upper: number };

export type ArmEstimate = {
  key: string;
  mean: number;
  interval: Interval;
};

export type Comparison = {
  key: string;
  chanceToBeatControl: number;
  expectedLoss: number;
  expectedLossOfControl: number;
  relativeLift: Interval & { mean: number };
};

export type SampleRatio = { chiSquare: number; degreesOfFreedom: number; pValue: number; mismatch: boolean };

export type VerdictKind =
  "sample_ratio_mismatch" | "too_few_visitors" | "keep_running" | "winner" | "no_difference" | "stopped";

export type Verdict = {
  kind: VerdictKind;
  /** The control can win too. */
  winner: string | null;
  text: string;
};

export type ExperimentAnalysis = {
  metric: Metric;
  arms: ArmEstimate[];
  /** Empty until the minimum sample is reached. */
  comparisons: Comparison[];
  sampleRatio: SampleRatio;
  minimumSample: MinimumSample;
  verdict: Verdict;
};
