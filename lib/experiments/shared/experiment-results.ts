// What the console's results page shows for one experiment: per variant, the funnel steps its
// visitors reached and their net revenue, and the statistics for the primary metric. Built by
// lib/console/server/experiment-results-report.ts, rendered by app/admin/(console)/experiments.

import type { ExperimentAnalysis } from "@/lib/experiments/shared/experiment-analysis";

/** Per-visitor steps after the exposure; the offer surface's visitors have already opted in. */
export const EXPERIMENT_STEPS = ["opt_in", "survey", "qualified_or_offer", "checkout", "paid"] as const;
export type ExperimentStep = (typeof EXPERIMENT_STEPS)[number];

export type VariantResult = {
  key: string;
  weight: number;
  /** Browsers exposed to the variant (experiment_exposures rows). */
  visitors: number;
  /** Exposed visitors who reached each step after their exposure. */
  steps: Record<ExperimentStep, number>;
  /** Net revenue in cents (paid orders after the exposure, minus their refunds). */
  netRevenue: number;
  /** netRevenue / visitors, cents; null without visitors. */
  revenuePerVisitor: number | null;
};

export type ExperimentResults = {
  variants: VariantResult[];
  analysis: ExperimentAnalysis;
};
