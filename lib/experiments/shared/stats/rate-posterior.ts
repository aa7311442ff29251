// Beta(1 + conversions, 1 + visitors − conversions) posteriors (uniform prior); docs/decisions/0009.

import { betaQuantile } from "@/lib/experiments/shared/stats/beta";
import { logBeta } from "@/lib/experiments/shared/stats/gamma";
import { normalQuantile } from "@/lib/experiments/shared/stats/normal";
import type { Interval } from "@/lib/experiments/shared/experiment-analysis";

export type BetaPosterior = { alpha: number; beta: number };

export function ratePosterior(visitors: number, conversions: number): BetaPosterior {
  const n = Math.max(0, Math.floor(visitors));
  const k = Math.min(n, Math.max(0, Math.floor(conversions)));
  return { alpha: 1 + k, beta: 1 + n - k };
}

export const posteriorMean = ({ alpha, beta }: BetaPosterior): number => alpha / (alpha + beta);

const RESCALE = 1e250;
const LOG_RESCALE = Math.log(RESCALE);

/**
 * P(Y > X) for X ~ Beta(a, b), Y ~ Beta(c, d), c a positive integer (Evan Miller's closed form),
 * in c multiplications, rescaled to stay finite.
 */
export function chanceGreater(x: BetaPosterior, y: BetaPosterior): number {
  const { alpha: a, beta: b } = x;
  const { alpha: c, beta: d } = y;
  const logFirst = logBeta(a, b + d) - logBeta(a, b);
  let term = 1;
  let sum = 0;
  let logScale = 0;
  for (let i = 0; i < c; i++) {
    sum += term;
    term *= ((a + i) * (d + i)) / ((a + b + d + i) * (1 + i));
    if (term > RESCALE) {
      term /= RESCALE;
      sum /= RESCALE;
      logScale += LOG_RESCALE;
    }
  }
  const p = Math.exp(logFirst + logScale + Math.log(sum));
  return Math.min(1, Math.max(0, p));
}

/** Over whichever posterior has the smaller alpha, so the cost is the smaller conversion count. */
export function chanceToBeat(control: BetaPosterior, variant: BetaPosterior): number {
  return variant.alpha <= control.alpha ? chanceGreater(control, variant) : 1 - chanceGreater(variant, control);
}

const bump = (p: BetaPosterior): BetaPosterior => ({ alpha: p.alpha + 1, beta: p.beta });

/** E[max(X − Y, 0)]: what choosing Y costs when X is better (closed form). */
export function expectedLossOfChoosing(chosen: BetaPosterior, other: BetaPosterior): number {
  const loss =
    posteriorMean(other) * chanceToBeat(chosen, bump(other)) -
    posteriorMean(chosen) * chanceToBeat(bump(chosen), other);
  return Math.max(0, loss);
}

export const rateInterval = (p: BetaPosterior): Interval => ({
  lower: betaQuantile(0.025, p.alpha, p.beta),
  upper: betaQuantile(0.975, p.alpha, p.beta),
});

/** Delta method on the log ratio; the uniform prior keeps both means above zero. */
export function rateLift(control: BetaPosterior, variant: BetaPosterior): Interval & { mean: number } {
  const mx = posteriorMean(control);
  const my = posteriorMean(variant);
  const relVar = (p: BetaPosterior) => p.beta / (p.alpha * (p.alpha + p.beta + 1));
  const sd = Math.sqrt(relVar(control) + relVar(variant));
  const z = normalQuantile(0.975);
  const logRatio = Math.log(my) - Math.log(mx);
  return { mean: my / mx - 1, lower: Math.exp(logRatio - z * sd) - 1, upper: Math.exp(logRatio + z * sd) - 1 };
}
