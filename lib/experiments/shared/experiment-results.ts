// Built by lib/console/server/experiment-results-report.ts, rendered by app/admin/(console)/experiments.

import type { ExperimentAnalysis } from "@/lib/experiments/shared/experiment-analysis";

/** The offer surface's visitors have already opted in. */
export const EXPERIMENT_STEPS = ["opt_in", "survey", "qualified_or_offer", "checkout", "paid"] as const;
export type ExperimentStep = (typeof EXPERIMENT_STEPS)[number];

export type VariantResult = {
  key: string;
  weight: number;
  visitors: number;
  steps: Record<ExperimentStep, number>;
  netRevenue: number;
  revenuePerVisitor: number | null;
};

export type ExperimentResults = {
  variants: VariantResult[];
  analysis: ExperimentAnalysis;
};
