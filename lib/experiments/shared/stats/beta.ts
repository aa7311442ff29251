// In logs, so 100k-visitor posteriors neither overflow nor underflow.

import { logBeta } from "@/lib/experiments/shared/stats/gamma";
import { normalQuantile } from "@/lib/experiments/shared/stats/normal";

const EPS = 1e-15;
const TINY = 1e-300;
const MAX_ITER = 10_000;

function continuedFraction(x: number, a: number, b: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITER; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return h;
}

export function betaCdf(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const logFront = a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b);
  // Converges fast on the mean's side; use the symmetry I_x(a,b) = 1 − I_{1−x}(b,a).
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * continuedFraction(x, a, b)) / a;
  return 1 - (Math.exp(logFront) * continuedFraction(1 - x, b, a)) / b;
}

export const betaLogPdf = (x: number, a: number, b: number): number =>
  (a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - logBeta(a, b);

/** Newton steps inside a shrinking bracket, so it converges for any a, b ≥ 1. */
export function betaQuantile(p: number, a: number, b: number): number {
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const mean = a / (a + b);
  const sd = Math.sqrt((a * b) / ((a + b) * (a + b) * (a + b + 1)));
  let lo = 0;
  let hi = 1;
  let x = Math.min(1 - 1e-12, Math.max(1e-12, mean + normalQuantile(p) * sd));
  for (let i = 0; i < 200; i++) {
    const f = betaCdf(x, a, b) - p;
    if (f < 0) lo = x;
    else hi = x;
    if (Math.abs(f) < 1e-14 || hi - lo < 1e-15 * Math.max(x, 1e-300)) break;
    let next = x - f / Math.exp(betaLogPdf(x, a, b));
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-15 * x) return next;
    x = next;
  }
  return x;
}
