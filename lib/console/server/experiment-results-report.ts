import "server-only";
import { isUuid } from "@/lib/shared/uuid";
import type { Experiment } from "@/lib/generated/prisma/client";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import type { AnalysisInput, ArmTotals } from "@/lib/experiments/shared/experiment-analysis";
import type { ExperimentResults, ExperimentStep, VariantResult } from "@/lib/experiments/shared/experiment-results";
import { analyzeExperiment } from "@/lib/experiments/shared/stats/analyze-experiment";
import { toExperimentRecord, type ExperimentRecord } from "@/lib/experiments/server/experiment-record";
import { EXPERIMENT_RESULTS_SQL } from "./experiment-results-sql";

// Counts from experiment-results-sql.ts, statistics from the pure stats module
// (docs/product.md#the-statistics).

type Row = { variant: string; visitors: number; revenue_sum: string; revenue_sum_squares: string } & Record<
  ExperimentStep,
  number
>;

/** One variant's visitors first exposed on one UTC day, and what they reached to date. */
export type ExposureDayCounts = { day: string; variant: string; visitors: number } & Record<ExperimentStep, number>;

export type ExperimentTotals = {
  experiment: ExperimentRecord;
  variants: VariantResult[];
  input: AnalysisInput;
  days: ExposureDayCounts[];
};

const EXPERIMENT_SQL = `
  SELECT id, key, surface, variants, subject, primary_metric AS "primaryMetric", status, started_at AS "startedAt",
         stopped_at AS "stoppedAt", rolled_out_variant AS "rolledOutVariant", created_by AS "createdBy",
         created_at AS "createdAt", updated_at AS "updatedAt"
    FROM experiments WHERE id = $1::uuid`;

const zeroRow = (variant: string): Row => ({
  variant,
  visitors: 0,
  opt_in: 0,
  survey: 0,
  qualified_or_offer: 0,
  checkout: 0,
  paid: 0,
  revenue_sum: "0",
  revenue_sum_squares: "0",
});

// numeric sums come back as text; summed as numbers, as they are read below anyway.
const addText = (a: string, b: string) => String(Number(a) + Number(b));

function addRow(sum: Row | undefined, r: Row): Row {
  if (!sum) return r;
  return {
    variant: r.variant,
    visitors: sum.visitors + r.visitors,
    opt_in: sum.opt_in + r.opt_in,
    survey: sum.survey + r.survey,
    qualified_or_offer: sum.qualified_or_offer + r.qualified_or_offer,
    checkout: sum.checkout + r.checkout,
    paid: sum.paid + r.paid,
    revenue_sum: addText(sum.revenue_sum, r.revenue_sum),
    revenue_sum_squares: addText(sum.revenue_sum_squares, r.revenue_sum_squares),
  };
}

/** Control first; null when no experiment has this id. */
export async function getExperimentTotals(
  experimentId: string,
  db: ReportDb = defaultReportDb(),
): Promise<ExperimentTotals | null> {
  if (!isUuid(experimentId)) return null;
  const found = await db.query<Experiment>(EXPERIMENT_SQL, [experimentId]);
  const row = found.rows[0];
  if (!row) return null;
  const experiment = toExperimentRecord(row);
  const { rows } = await db.query<Row & { day: string }>(EXPERIMENT_RESULTS_SQL, [experiment.id, experiment.stoppedAt]);
  const byVariant = new Map<string, Row>();
  for (const r of rows) byVariant.set(r.variant, addRow(byVariant.get(r.variant), r));
  const counted = experiment.variants.map((v) => ({ weight: v.weight, row: byVariant.get(v.key) ?? zeroRow(v.key) }));
  // The sum of squares may exceed 2^53 and then loses only digits far below what the statistics tell apart.
  const variants = counted.map(({ weight, row: r }): VariantResult => {
    const netRevenue = Number(r.revenue_sum);
    return {
      key: r.variant,
      weight,
      visitors: r.visitors,
      steps: {
        opt_in: r.opt_in,
        survey: r.survey,
        qualified_or_offer: r.qualified_or_offer,
        checkout: r.checkout,
        paid: r.paid,
      },
      netRevenue,
      revenuePerVisitor: r.visitors === 0 ? null : netRevenue / r.visitors,
    };
  });
  const metric = experiment.primaryMetric;
  const arms = counted.map(({ weight, row: r }): ArmTotals => ({
    key: r.variant,
    weight,
    visitors: r.visitors,
    // The revenue metric has no conversions of its own; paid is the nearest rate.
    conversions: metric === "opt_in" ? r.opt_in : r.paid,
    revenueSum: Number(r.revenue_sum),
    revenueSumSquares: Number(r.revenue_sum_squares),
  }));
  const days = rows.map(({ revenue_sum: _, revenue_sum_squares: __, ...counts }): ExposureDayCounts => counts);
  return { experiment, variants, input: { metric, arms, stopped: experiment.status === "stopped" }, days };
}

export async function getExperimentResults(
  experimentId: string,
  db: ReportDb = defaultReportDb(),
): Promise<ExperimentResults | null> {
  const totals = await getExperimentTotals(experimentId, db);
  return totals && resultsOf(totals);
}

export function resultsOf(totals: ExperimentTotals): ExperimentResults {
  return { variants: totals.variants, analysis: analyzeExperiment(totals.input) };
}
