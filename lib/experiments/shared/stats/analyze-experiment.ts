// Pure: same totals in, same analysis out.

import type {
  AnalysisInput,
  ArmTotals,
  Interval,
  ArmEstimate,
  Comparison,
  ExperimentAnalysis,
} from "@/lib/experiments/shared/experiment-analysis";
import {
  type BetaPosterior,
  chanceToBeat,
  expectedLossOfChoosing,
  posteriorMean,
  rateInterval,
  rateLift,
  ratePosterior,
} from "@/lib/experiments/shared/stats/rate-posterior";
import {
  type NormalPosterior,
  revenueChanceToBeat,
  revenueExpectedLoss,
  revenueInterval,
  revenueLift,
  revenuePosterior,
} from "@/lib/experiments/shared/stats/revenue-normal";
import { minimumSample } from "@/lib/experiments/shared/stats/minimum-sample";
import { sampleRatio } from "@/lib/experiments/shared/stats/sample-ratio";
import { verdict } from "@/lib/experiments/shared/stats/verdict";

type Analysed = { estimates: ArmEstimate[]; comparisons: Comparison[]; pooledMean: number };

type Model<P> = {
  mean: (p: P) => number;
  interval: (p: P) => Interval;
  chanceToBeat: (control: P, variant: P) => number;
  loss: (chosen: P, other: P) => number;
  lift: (control: P, variant: P) => Interval & { mean: number };
};

const RATES: Model<BetaPosterior> = {
  mean: posteriorMean,
  interval: rateInterval,
  chanceToBeat,
  loss: expectedLossOfChoosing,
  lift: rateLift,
};

const REVENUE: Model<NormalPosterior> = {
  mean: (p) => p.mean,
  interval: revenueInterval,
  chanceToBeat: revenueChanceToBeat,
  loss: revenueExpectedLoss,
  lift: revenueLift,
};

function analyse<P>(
  arms: readonly ArmTotals[],
  posteriors: readonly P[],
  model: Model<P>,
): Omit<Analysed, "pooledMean"> {
  const [control, ...variants] = posteriors;
  const estimates = arms.map((a, i) => {
    const p = posteriors[i];
    return p === undefined
      ? { key: a.key, mean: 0, interval: { lower: 0, upper: 0 } }
      : { key: a.key, mean: model.mean(p), interval: model.interval(p) };
  });
  if (control === undefined) return { estimates, comparisons: [] };
  const comparisons = variants.map((variant, j) => ({
    key: arms[j + 1]?.key ?? "",
    chanceToBeatControl: model.chanceToBeat(control, variant),
    expectedLoss: model.loss(variant, control),
    expectedLossOfControl: model.loss(control, variant),
    relativeLift: model.lift(control, variant),
  }));
  return { estimates, comparisons };
}

function analyseRates(arms: readonly ArmTotals[]): Analysed {
  const posteriors = arms.map((a) => ratePosterior(a.visitors, a.conversions));
  const visitors = arms.reduce((s, a) => s + a.visitors, 0);
  const conversions = arms.reduce((s, a) => s + Math.min(a.visitors, a.conversions), 0);
  return { ...analyse(arms, posteriors, RATES), pooledMean: posteriorMean(ratePosterior(visitors, conversions)) };
}

function analyseRevenue(arms: readonly ArmTotals[]): Analysed {
  const posteriors = arms.map((a) => revenuePosterior(a.visitors, a.revenueSum, a.revenueSumSquares));
  const visitors = arms.reduce((s, a) => s + a.visitors, 0);
  const revenue = arms.reduce((s, a) => s + a.revenueSum, 0);
  return { ...analyse(arms, posteriors, REVENUE), pooledMean: visitors > 0 ? revenue / visitors : 0 };
}

export function analyzeExperiment(input: AnalysisInput): ExperimentAnalysis {
  const { estimates, comparisons, pooledMean } =
    input.metric === "revenue" ? analyseRevenue(input.arms) : analyseRates(input.arms);
  const ratio = sampleRatio(input.arms);
  const sample = minimumSample(input.arms);
  return {
    metric: input.metric,
    arms: estimates,
    comparisons: sample.reached ? comparisons : [],
    sampleRatio: ratio,
    minimumSample: sample,
    verdict: verdict({
      metric: input.metric,
      arms: input.arms,
      estimates,
      comparisons,
      sampleRatio: ratio,
      sample,
      pooledMean,
      stopped: input.stopped ?? false,
    }),
  };
}
