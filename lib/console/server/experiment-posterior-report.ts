import "server-only";
import { dayKeys } from "@/lib/console/shared/day-series";
import { posteriorSeries, type PosteriorDay } from "@/lib/console/shared/posterior-series";
import type { ExperimentTotals } from "./experiment-results-report";

// From the results' own per-day counts (no query of its own), so the last day equals the table.

/** From the start to the stop (or `now`), control first; empty for a draft. */
export function experimentPosterior(totals: ExperimentTotals, now: Date = new Date()): PosteriorDay[] {
  const { experiment } = totals;
  if (!experiment.startedAt) return [];
  const end = experiment.stoppedAt ?? now;
  if (end.getTime() <= experiment.startedAt.getTime()) return [];
  // The revenue metric has no conversions of its own; paid is the nearest rate (as in the results).
  const opted = experiment.primaryMetric === "opt_in";
  return posteriorSeries(
    dayKeys({ from: experiment.startedAt, to: end }),
    experiment.variants.map((v) => v.key),
    totals.days.map((d) => ({
      day: d.day,
      variant: d.variant,
      visitors: d.visitors,
      conversions: opted ? d.opt_in : d.paid,
    })),
  );
}
