// cdf through erfc, accurate in the tails; quantile by Acklam plus one Halley step.

import { upperGammaQ } from "@/lib/experiments/shared/stats/gamma";

const INV_SQRT_TWO_PI = 1 / Math.sqrt(2 * Math.PI);

export const normalPdf = (z: number): number => INV_SQRT_TWO_PI * Math.exp(-0.5 * z * z);

export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  const tail = 0.5 * upperGammaQ(0.5, 0.5 * z * z);
  return z < 0 ? tail : 1 - tail;
}

const A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
] as const;
const B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572] as const;
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
] as const;
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416] as const;
const P_LOW = 0.02425;

export function normalQuantile(p: number): number {
  if (p <= 0) return Number.NEGATIVE_INFINITY;
  if (p >= 1) return Number.POSITIVE_INFINITY;
  let x: number;
  if (p < P_LOW || p > 1 - P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p < P_LOW ? p : 1 - p));
    const num = ((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5];
    const den = (((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1;
    x = p < P_LOW ? num / den : -num / den;
  } else {
    const q = p - 0.5;
    const r = q * q;
    const num = (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q;
    x = num / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
  }
  const e = normalCdf(x) - p;
  const u = e / normalPdf(x);
  return x - u / (1 + (x * u) / 2);
}
