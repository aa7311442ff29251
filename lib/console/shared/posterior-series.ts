// Pure: each variant's conversion-rate posterior at the end of each day, from the visitors exposed
// up to that day and what they converted to date.
import { minimumSample } from "@/lib/experiments/shared/stats/minimum-sample";
import { posteriorMean, rateInterval, ratePosterior } from "@/lib/experiments/shared/stats/rate-posterior";

/** Visitors first exposed on `day`, and how many of them converted. */
export type ExposureDay = { day: string; variant: string; visitors: number; conversions: number };
export type PosteriorArm = {
  key: string;
  visitors: number;
  conversions: number;
  mean: number;
  lower: number;
  upper: number;
};
/** `reached`: the minimum sample a verdict needs was there by the end of the day. */
export type PosteriorDay = { day: string; reached: boolean; arms: PosteriorArm[] };

/** `variants`: control first. Rows before the first day fold into it. */
export function posteriorSeries(
  days: readonly string[],
  variants: readonly string[],
  rows: readonly ExposureDay[],
): PosteriorDay[] {
  const first = days[0] ?? "";
  const totals = new Map(variants.map((key) => [key, { visitors: 0, conversions: 0 }]));
  const byDay = new Map<string, ExposureDay[]>();
  for (const row of rows) {
    const day = row.day < first ? first : row.day;
    byDay.set(day, [...(byDay.get(day) ?? []), row]);
  }
  return days.map((day) => {
    for (const row of byDay.get(day) ?? []) {
      const total = totals.get(row.variant);
      if (!total) continue;
      total.visitors += row.visitors;
      total.conversions += row.conversions;
    }
    const arms = variants.map((key): PosteriorArm => {
      const { visitors, conversions } = totals.get(key) ?? { visitors: 0, conversions: 0 };
      const posterior = ratePosterior(visitors, conversions);
      return { key, visitors, conversions, mean: posteriorMean(posterior), ...rateInterval(posterior) };
    });
    const sample = minimumSample(arms.map((a) => ({ ...a, weight: 1, revenueSum: 0, revenueSumSquares: 0 })));
    return { day, reached: sample.reached, arms };
  });
}
