import "server-only";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import type { ExperimentRecord } from "@/lib/experiments/server/experiment-record";
import { dayKeys } from "@/lib/console/shared/day-series";
import { posteriorSeries, type PosteriorDay } from "@/lib/console/shared/posterior-series";
import { EXPERIMENT_RESULTS_BY_DAY_SQL } from "./experiment-results-sql";

// The results' own counts per day of exposure, so the last day equals the results table.

type Row = { variant: string; day: string; visitors: number; opt_in: number; paid: number };

/** From the start to the stop (or `now`), control first; empty for a draft. */
export async function experimentPosteriorReport(
  experiment: Pick<ExperimentRecord, "id" | "variants" | "primaryMetric" | "startedAt" | "stoppedAt">,
  db: ReportDb = defaultReportDb(),
  now: Date = new Date(),
): Promise<PosteriorDay[]> {
  if (!experiment.startedAt) return [];
  const end = experiment.stoppedAt ?? now;
  if (end.getTime() <= experiment.startedAt.getTime()) return [];
  const { rows } = await db.query<Row>(EXPERIMENT_RESULTS_BY_DAY_SQL, [experiment.id, experiment.stoppedAt]);
  // The revenue metric has no conversions of its own; paid is the nearest rate (as in the results).
  const conversions = (r: Row) => (experiment.primaryMetric === "opt_in" ? r.opt_in : r.paid);
  return posteriorSeries(
    dayKeys({ from: experiment.startedAt, to: end }),
    experiment.variants.map((v) => v.key),
    rows.map((r) => ({ day: r.day, variant: r.variant, visitors: r.visitors, conversions: conversions(r) })),
  );
}
