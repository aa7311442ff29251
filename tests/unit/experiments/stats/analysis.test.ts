// The split-test statistics against figures the test computes on its own: the beta posteriors are
// integrated numerically on a fine grid (normalised by the grid itself, no log-gamma), intervals
// found by bisection on that grid's cdf, the SRM check against χ² table values.

import { describe, expect, it } from "vitest";
import type { ArmTotals } from "@/lib/experiments/shared/experiment-analysis";
import { analyzeExperiment } from "@/lib/experiments/shared/stats/analyze-experiment";
import { chiSquareSurvival, logGamma } from "@/lib/experiments/shared/stats/gamma";
import { normalCdf, normalQuantile } from "@/lib/experiments/shared/stats/normal";
import {
  chanceToBeat,
  expectedLossOfChoosing,
  rateInterval,
  ratePosterior,
} from "@/lib/experiments/shared/stats/rate-posterior";
import {
  revenueChanceToBeat,
  revenueExpectedLoss,
  revenuePosterior,
} from "@/lib/experiments/shared/stats/revenue-normal";
import { sampleRatio } from "@/lib/experiments/shared/stats/sample-ratio";

const GRID = 200_000;

/** A Beta(a, b) density, cdf and partial first moment on a common grid, by the trapezoid rule. */
function gridPosterior(a: number, b: number, xs: Float64Array) {
  const logDensity = (x: number) => (a === 1 ? 0 : (a - 1) * Math.log(x)) + (b === 1 ? 0 : (b - 1) * Math.log1p(-x));
  let peak = Number.NEGATIVE_INFINITY;
  for (const x of xs) peak = Math.max(peak, logDensity(x));
  const f = xs.map((x) => Math.exp(logDensity(x) - peak));
  const cdf = new Float64Array(xs.length);
  const moment = new Float64Array(xs.length);
  for (let i = 1; i < xs.length; i++) {
    const h = xs[i]! - xs[i - 1]!;
    cdf[i] = cdf[i - 1]! + (h * (f[i]! + f[i - 1]!)) / 2;
    moment[i] = moment[i - 1]! + (h * (xs[i]! * f[i]! + xs[i - 1]! * f[i - 1]!)) / 2;
  }
  const total = cdf[xs.length - 1]!;
  return { f: f.map((v) => v / total), cdf: cdf.map((v) => v / total), moment: moment.map((v) => v / total) };
}

/** A grid over [0, 1] dense where either posterior has its mass. */
function gridFor(...posteriors: { alpha: number; beta: number }[]): Float64Array {
  let lo = 1;
  let hi = 0;
  for (const { alpha: a, beta: b } of posteriors) {
    const mean = a / (a + b);
    const sd = Math.sqrt((a * b) / ((a + b) ** 2 * (a + b + 1)));
    lo = Math.min(lo, Math.max(0, mean - 15 * sd));
    hi = Math.max(hi, Math.min(1, mean + 15 * sd));
  }
  return Float64Array.from({ length: GRID + 1 }, (_, i) => lo + ((hi - lo) * i) / GRID);
}

const integrate = (xs: Float64Array, g: (i: number) => number): number => {
  let sum = 0;
  for (let i = 1; i < xs.length; i++) sum += ((xs[i]! - xs[i - 1]!) * (g(i) + g(i - 1))) / 2;
  return sum;
};

/** P(B > A) = ∫ f_B(x) F_A(x) dx; E[max(A − B, 0)] = ∫ f_A(x) (x F_B(x) − M_B(x)) dx. */
function numeric(control: [number, number], variant: [number, number]) {
  const pa = ratePosterior(...control);
  const pb = ratePosterior(...variant);
  const xs = gridFor(pa, pb);
  const A = gridPosterior(pa.alpha, pa.beta, xs);
  const B = gridPosterior(pb.alpha, pb.beta, xs);
  return {
    chance: integrate(xs, (i) => B.f[i]! * A.cdf[i]!),
    lossOfVariant: integrate(xs, (i) => A.f[i]! * (xs[i]! * B.cdf[i]! - B.moment[i]!)),
    lossOfControl: integrate(xs, (i) => B.f[i]! * (xs[i]! * A.cdf[i]! - A.moment[i]!)),
    quantile(p: number): number {
      let lo = 0;
      let hi = xs.length - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (A.cdf[mid]! < p) lo = mid;
        else hi = mid;
      }
      const t = (p - A.cdf[lo]!) / (A.cdf[hi]! - A.cdf[lo]!);
      return xs[lo]! + t * (xs[hi]! - xs[lo]!);
    },
  };
}

const CASES: [string, [number, number], [number, number]][] = [
  ["small counts", [1000, 30], [1000, 42]],
  ["large counts", [100_000, 3000], [100_000, 3100]],
  ["zero conversions", [500, 0], [500, 3]],
  ["all converted", [50, 50], [50, 48]],
  ["uneven arms", [800, 10], [1200, 9]],
];

describe("rate posteriors against numerical integration", () => {
  it.each(CASES)("%s: chance to beat, expected losses, credible interval", (_, control, variant) => {
    const pa = ratePosterior(...control);
    const pb = ratePosterior(...variant);
    const ref = numeric(control, variant);
    expect(chanceToBeat(pa, pb)).toBeCloseTo(ref.chance, 6);
    const scale = pa.alpha / (pa.alpha + pa.beta);
    expect(expectedLossOfChoosing(pb, pa) / scale).toBeCloseTo(ref.lossOfVariant / scale, 5);
    expect(expectedLossOfChoosing(pa, pb) / scale).toBeCloseTo(ref.lossOfControl / scale, 5);
    const interval = rateInterval(pa);
    expect(interval.lower / scale).toBeCloseTo(ref.quantile(0.025) / scale, 5);
    expect(interval.upper / scale).toBeCloseTo(ref.quantile(0.975) / scale, 5);
  });

  it("no visitors: uniform posteriors, closed forms P = ½, loss = 1/6, interval [0.025, 0.975]", () => {
    const empty = ratePosterior(0, 0);
    expect(chanceToBeat(empty, empty)).toBeCloseTo(0.5, 12);
    expect(expectedLossOfChoosing(empty, empty)).toBeCloseTo(1 / 6, 12);
    expect(rateInterval(empty).lower).toBeCloseTo(0.025, 12);
    expect(rateInterval(empty).upper).toBeCloseTo(0.975, 12);
  });
});

describe("special functions", () => {
  it("log-gamma, normal quantile and cdf match closed forms and tables", () => {
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 13);
    expect(logGamma(10)).toBeCloseTo(Math.log(362_880), 12);
    expect(logGamma(100_001)).toBeCloseTo(1_051_299.221899121, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalCdf(-3)).toBeCloseTo(0.0013498980316301, 14);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 13);
  });

  it("χ² survival equals 0.001 at the table's critical values (df 1: 10.828, df 2: 13.816, df 3: 16.266)", () => {
    expect(chiSquareSurvival(10.828, 1)).toBeCloseTo(0.001, 5);
    expect(chiSquareSurvival(13.816, 2)).toBeCloseTo(0.001, 5);
    expect(chiSquareSurvival(16.266, 3)).toBeCloseTo(0.001, 5);
    expect(chiSquareSurvival(3.841, 1)).toBeCloseTo(0.05, 4);
  });
});

describe("revenue per visitor (normal approximation)", () => {
  const control = revenuePosterior(5000, 60 * 700, 60 * 700 ** 2);
  const variant = revenuePosterior(5000, 80 * 700, 80 * 700 ** 2);

  it("uses the sample mean and s²/n", () => {
    const mean = (60 * 700) / 5000;
    const variance = (60 * 700 ** 2 - 5000 * mean ** 2) / 4999 / 5000;
    expect(control.mean).toBeCloseTo(mean, 12);
    expect(control.variance).toBeCloseTo(variance, 12);
  });

  it("chance to beat is Φ(Δ/σ) and expected loss matches a numerical integral of max(D, 0)", () => {
    const mu = control.mean - variant.mean;
    const sd = Math.sqrt(control.variance + variant.variance);
    expect(revenueChanceToBeat(control, variant)).toBeCloseTo(normalCdf(-mu / sd), 12);
    // ∫ max(d, 0) φ((d − μ)/σ)/σ dd by Simpson over μ ± 12σ.
    const n = 20_000;
    const lo = mu - 12 * sd;
    const h = (24 * sd) / n;
    let sum = 0;
    for (let i = 0; i <= n; i++) {
      const d = lo + i * h;
      const w = i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2;
      sum += w * Math.max(d, 0) * Math.exp(-0.5 * ((d - mu) / sd) ** 2);
    }
    const reference = (sum * h) / 3 / (sd * Math.sqrt(2 * Math.PI));
    expect(revenueExpectedLoss(variant, control)).toBeCloseTo(reference, 8);
  });
});

describe("sample-ratio mismatch", () => {
  it("flags a 5,300 / 4,700 split of a 50/50 test (χ² = 36) and passes 5,050 / 4,950", () => {
    const broken = sampleRatio([
      { visitors: 5300, weight: 1 },
      { visitors: 4700, weight: 1 },
    ]);
    expect(broken.chiSquare).toBeCloseTo(36, 10);
    expect(broken.mismatch).toBe(true);
    expect(
      sampleRatio([
        { visitors: 5050, weight: 50 },
        { visitors: 4950, weight: 50 },
      ]).mismatch,
    ).toBe(false);
  });

  it("normalises the weights and uses arms − 1 degrees of freedom", () => {
    // Expected 2,000 / 4,000 / 4,000: χ² = 13.816 is exactly at the p = 0.001 line for df 2.
    const result = sampleRatio([
      { visitors: 2000, weight: 20 },
      { visitors: 4000, weight: 40 },
      { visitors: 4000, weight: 40 },
    ]);
    expect(result).toMatchObject({ chiSquare: 0, degreesOfFreedom: 2, pValue: 1, mismatch: false });
  });
});

const arm = (key: string, visitors: number, conversions: number, revenue = 0, squares = 0): ArmTotals => ({
  key,
  weight: 1,
  visitors,
  conversions,
  revenueSum: revenue,
  revenueSumSquares: squares,
});

const finiteEverywhere = (value: unknown): boolean =>
  typeof value === "number"
    ? Number.isFinite(value)
    : typeof value === "object" && value !== null
      ? Object.values(value).every(finiteEverywhere)
      : true;

describe("verdict", () => {
  const text = (metric: "opt_in" | "paid" | "revenue", arms: ArmTotals[]) =>
    analyzeExperiment({ metric, arms }).verdict;

  it("too few visitors: the minimum-sample guard says how far along it is", () => {
    expect(text("opt_in", [arm("free", 340, 9), arm("paid", 352, 12)])).toEqual({
      kind: "too_few_visitors",
      winner: null,
      text: "Not enough visitors yet: 340 of 1,000 visitors per variant and 21 of 50 conversions.",
    });
  });

  it("before the minimum sample: no chance to beat the control, not even with zero visitors", () => {
    for (const arms of [
      [arm("free", 0, 0), arm("paid", 0, 0)],
      [arm("free", 999, 40), arm("paid", 1000, 60)],
      [arm("free", 5000, 20), arm("paid", 5000, 29)],
    ]) {
      const analysis = analyzeExperiment({ metric: "opt_in", arms });
      expect(analysis.comparisons).toEqual([]);
      expect(analysis.minimumSample).toMatchObject({ visitorsNeeded: 1000, conversionsNeeded: 50, reached: false });
      expect(analysis.verdict.text).toMatch(/^Not enough visitors yet: /);
    }
    expect(analyzeExperiment({ metric: "opt_in", arms: [arm("free", 0, 0), arm("paid", 0, 0)] }).verdict.text).toBe(
      "Not enough visitors yet: 0 of 1,000 visitors per variant and 0 of 50 conversions.",
    );
    const enough = analyzeExperiment({ metric: "opt_in", arms: [arm("free", 1000, 25), arm("paid", 1000, 25)] });
    expect(enough.minimumSample.reached).toBe(true);
    expect(enough.comparisons.map((c) => c.key)).toEqual(["paid"]);
  });

  it("a stopped test is never told to keep running: it says Stopped, with its final numbers", () => {
    const stopped = (metric: "opt_in" | "paid", arms: ArmTotals[]) =>
      analyzeExperiment({ metric, arms, stopped: true }).verdict;
    expect(stopped("opt_in", [arm("free", 4, 1), arm("paid", 4, 2)])).toEqual({
      kind: "stopped",
      winner: null,
      text: "Stopped before the minimum sample: 4 of 1,000 visitors per variant and 3 of 50 conversions.",
    });
    expect(stopped("opt_in", [arm("free", 5000, 150), arm("paid", 5000, 170)])).toEqual({
      kind: "stopped",
      winner: null,
      text: "Stopped without a winner: paid beats free with 87 % probability; a winner needed 99.8 % (opt-in rate 3.42 % vs 3.02 %).",
    });
    // A decision stands after the stop.
    expect(stopped("opt_in", [arm("free", 5000, 150), arm("paid", 5000, 205)]).kind).toBe("winner");
  });

  it("too few conversions: names only what is still short", () => {
    expect(text("paid", [arm("free", 5000, 12), arm("paid", 5000, 20)]).text).toBe(
      "Not enough visitors yet: 32 of 50 conversions.",
    );
    expect(text("revenue", [arm("a", 800, 60, 42_000, 29_400_000), arm("b", 850, 80, 56_000, 39_200_000)]).text).toBe(
      "Not enough visitors yet: 800 of 1,000 visitors per variant.",
    );
  });

  it("sample ratio mismatch blocks even an obvious winner", () => {
    expect(text("opt_in", [arm("free", 5300, 100), arm("paid", 4700, 300)])).toEqual({
      kind: "sample_ratio_mismatch",
      winner: null,
      text: "Sample ratio mismatch: visitors split 5,300 / 4,700 where the weights are 1 / 1 (χ² p = 2.0e-9). Assignment or tracking is broken; no winner can be called on this data.",
    });
  });

  it("a variant wins", () => {
    expect(text("opt_in", [arm("free", 5000, 150), arm("paid", 5000, 205)])).toEqual({
      kind: "winner",
      winner: "paid",
      text: "paid is better than free with 99.8 % probability (opt-in rate 4.12 % vs 3.02 %).",
    });
  });

  it("the control wins", () => {
    expect(text("paid", [arm("free", 5000, 205), arm("paid", 5000, 150)])).toEqual({
      kind: "winner",
      winner: "free",
      text: "free (the control) is better than paid with 99.8 % probability: keep free.",
    });
  });

  it("keep running while the leader is short of the threshold", () => {
    expect(text("opt_in", [arm("free", 5000, 150), arm("paid", 5000, 170)])).toEqual({
      kind: "keep_running",
      winner: null,
      text: "Keep running: paid beats free with 87 % probability so far; a winner needs 99.8 % (opt-in rate 3.42 % vs 3.02 %).",
    });
  });

  it("keep running names the control when it leads", () => {
    expect(text("paid", [arm("free", 5000, 195), arm("paid", 5000, 150)]).text).toBe(
      "Keep running: free (the control) leads paid with 99.3 % probability so far; a winner needs 99.8 % (paid conversion 3.92 % vs 3.02 %).",
    );
  });

  it("no detectable difference once either choice costs under the tolerance", () => {
    expect(text("opt_in", [arm("free", 100_000, 3000), arm("paid", 100_000, 3010)])).toEqual({
      kind: "no_difference",
      winner: null,
      text: "No detectable difference: whichever variant you keep costs less than 3 % of the opt-in rate in expectation (3.01 % overall).",
    });
  });

  it("three arms: each variant against the control, with the Bonferroni-adjusted threshold", () => {
    const analysis = analyzeExperiment({
      metric: "paid",
      arms: [arm("a", 5000, 150), arm("b", 5000, 175), arm("c", 5000, 140)],
    });
    expect(analysis.comparisons.map((c) => c.key)).toEqual(["b", "c"]);
    expect(analysis.sampleRatio.degreesOfFreedom).toBe(2);
    expect(analysis.verdict.kind).toBe("keep_running");
    expect(analysis.verdict.text).toContain("a winner needs 99.9 %");
  });

  it("revenue speaks in dollars per visitor", () => {
    const analysis = analyzeExperiment({
      metric: "revenue",
      arms: [arm("a", 5000, 60, 60 * 700, 60 * 700 ** 2), arm("b", 5000, 80, 80 * 700, 80 * 700 ** 2)],
    });
    expect(analysis.verdict.text).toContain("(revenue per visitor $0.11 vs $0.08)");
  });

  it("stays finite with no visitors, no conversions, all converted, and large counts", () => {
    for (const arms of [
      [arm("a", 0, 0), arm("b", 0, 0)],
      [arm("a", 2000, 0), arm("b", 2000, 0)],
      [arm("a", 2000, 2000), arm("b", 2000, 2000)],
      [arm("a", 100_000, 3000), arm("b", 100_000, 3300)],
    ]) {
      for (const metric of ["opt_in", "revenue"] as const) {
        const analysis = analyzeExperiment({ metric, arms });
        expect(finiteEverywhere(analysis)).toBe(true);
      }
    }
    expect(analyzeExperiment({ metric: "opt_in", arms: [arm("a", 2000, 0), arm("b", 2000, 0)] }).verdict.kind).toBe(
      "too_few_visitors",
    );
  });
});
