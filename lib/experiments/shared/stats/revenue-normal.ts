// Normal around the sample mean (flat prior, CLT). Most visitors pay nothing, so the shape only
// holds once enough buyers are in: the minimum-sample guard keeps it honest.

import type { Interval } from "@/lib/experiments/shared/experiment-analysis";
import { normalCdf, normalPdf, normalQuantile } from "@/lib/experiments/shared/stats/normal";

export type NormalPosterior = { mean: number; variance: number };

export function revenuePosterior(visitors: number, sum: number, sumSquares: number): NormalPosterior {
  if (visitors <= 0) return { mean: 0, variance: 0 };
  const mean = sum / visitors;
  // Never negative from rounding.
  const sampleVariance = visitors > 1 ? Math.max(0, (sumSquares - sum * mean) / (visitors - 1)) : 0;
  return { mean, variance: sampleVariance / visitors };
}

/** P(Y > X) = Φ((μY − μX) / σ), σ² = σX² + σY². */
export function revenueChanceToBeat(control: NormalPosterior, variant: NormalPosterior): number {
  const diff = variant.mean - control.mean;
  const sd = Math.sqrt(control.variance + variant.variance);
  if (sd === 0) return diff > 0 ? 1 : diff < 0 ? 0 : 0.5;
  return normalCdf(diff / sd);
}

/** E[max(X − Y, 0)] for D = X − Y ~ N(μ, σ²): μ Φ(μ/σ) + σ φ(μ/σ). */
export function revenueExpectedLoss(chosen: NormalPosterior, other: NormalPosterior): number {
  const mu = other.mean - chosen.mean;
  const sd = Math.sqrt(chosen.variance + other.variance);
  if (sd === 0) return Math.max(0, mu);
  return Math.max(0, mu * normalCdf(mu / sd) + sd * normalPdf(mu / sd));
}

export function revenueInterval(p: NormalPosterior): Interval {
  const half = normalQuantile(0.975) * Math.sqrt(p.variance);
  return { lower: p.mean - half, upper: p.mean + half };
}

/** Undefined when the control earned nothing: reported as 0 with an empty interval. */
export function revenueLift(control: NormalPosterior, variant: NormalPosterior): Interval & { mean: number } {
  if (control.mean <= 0) return { mean: 0, lower: 0, upper: 0 };
  const ratio = variant.mean / control.mean;
  const sd = Math.sqrt(variant.variance + ratio * ratio * control.variance) / control.mean;
  const z = normalQuantile(0.975);
  return { mean: ratio - 1, lower: ratio - 1 - z * sd, upper: ratio - 1 + z * sd };
}
