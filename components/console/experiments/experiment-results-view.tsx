import type { ReactNode } from "react";
import { TitledSection } from "@/components/ui/titled-section";
import type { ExperimentRecord } from "@/lib/experiments/server/experiment-record";
import type { ExperimentResults } from "@/lib/experiments/shared/experiment-results";
import { EXPERIMENT_STEPS, type ExperimentStep } from "@/lib/experiments/shared/experiment-results";
import {
  formatCents,
  formatInterval,
  formatLift,
  formatMetric,
  formatPercent,
  shareOf,
} from "@/lib/experiments/shared/format-metric";
import { isCatalogSurface, METRIC_LABELS, type Surface } from "@/lib/experiments/shared/surfaces";

// Tables scroll inside their own box, so a phone's page never scrolls sideways.

const STEP_LABELS: Record<ExperimentStep, string> = {
  opt_in: "Opted in",
  survey: "Answered the survey",
  qualified_or_offer: "Qualified or saw the offer",
  checkout: "Reached checkout",
  paid: "Paid",
};

/** The offer is shown after the opt-in: its visitors have all opted in, answered and qualified. */
export const stepsOf = (surface: Surface): readonly ExperimentStep[] =>
  // A checkout's price or bump, or an offer after a purchase, is reached past the opt-in steps.
  surface === "offer" || isCatalogSurface(surface) ? (["checkout", "paid"] as const) : EXPERIMENT_STEPS;

const th = "px-3 py-2";
const td = "px-3 py-2 whitespace-nowrap";

type TableSectionProps = {
  id: string;
  title: string;
  intro?: ReactNode;
  minWidth: string;
  head: ReactNode;
  children: ReactNode;
};

function VariantCell({ name, control }: { name: string; control: boolean }) {
  return (
    <th scope="row" className={`${td} font-medium`}>
      {name}
      {control ? <span className="text-xs font-normal text-slate-600"> (control)</span> : null}
    </th>
  );
}

// The results page's two tables: a heading that names the table, then a sideways-scrolling grid.
function TableSection({ id, title, intro, minWidth, head, children }: TableSectionProps) {
  return (
    <TitledSection id={id} title={title} className="space-y-2" headingClassName="text-lg font-bold">
      {intro}
      <div className="overflow-x-auto rounded border border-slate-200">
        <table className={`w-full ${minWidth} text-left text-sm`} aria-labelledby={id}>
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </TitledSection>
  );
}

export function ExperimentResultsView({
  experiment,
  results,
  controls,
}: {
  experiment: ExperimentRecord;
  results: ExperimentResults;
  controls?: ReactNode;
}) {
  const { analysis, variants } = results;
  const steps = stepsOf(experiment.surface);
  const metric = analysis.metric;
  const srm = analysis.sampleRatio;
  const stopped = experiment.status === "stopped";
  const sample = analysis.minimumSample;
  return (
    <div className="space-y-6">
      <div
        data-testid="verdict"
        role="status"
        className={`rounded-lg border-2 p-4 text-base font-semibold ${
          analysis.verdict.kind === "winner"
            ? "border-emerald-600 bg-emerald-50 text-emerald-950"
            : analysis.verdict.kind === "sample_ratio_mismatch"
              ? "border-red-600 bg-red-50 text-red-950"
              : "border-slate-400 bg-slate-50 text-slate-900"
        }`}
      >
        <span className="block text-xs font-medium tracking-wide text-slate-600 uppercase">
          {stopped ? "Stopped" : "Verdict"}
        </span>
        {analysis.verdict.text}
        {analysis.verdict.kind === "stopped" ? (
          <span className="mt-1 block text-sm font-normal">
            The experiment was stopped before the data named a winner: the roll-out was the operator&apos;s call.
          </span>
        ) : null}
      </div>

      <p
        data-testid="srm"
        className={
          srm.mismatch ? "rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900" : "text-sm text-slate-700"
        }
      >
        {srm.mismatch
          ? `Sample ratio mismatch: the visitors are not split as the weights say (p = ${srm.pValue.toPrecision(2)}). ` +
            "Assignment or counting is broken; no winner can be called until it is found."
          : `Sample ratio: the split of visitors matches the weights (p = ${srm.pValue.toPrecision(2)}).`}
      </p>

      {controls}

      <TableSection
        id="funnel-heading"
        title="Funnel per variant"
        minWidth="min-w-[40rem]"
        head={
          <>
            <th className={th}>Variant</th>
            <th className={`${th} text-right`}>Visitors</th>
            {steps.map((step) => (
              <th key={step} className={`${th} text-right`}>
                {STEP_LABELS[step]}
              </th>
            ))}
            <th className={`${th} text-right`}>Net revenue</th>
            <th className={`${th} text-right`}>Revenue per visitor</th>
          </>
        }
      >
        {variants.map((variant, index) => (
          <tr key={variant.key} data-testid={`variant-${variant.key}`} className="border-t border-slate-100">
            <VariantCell name={variant.key} control={index === 0} />
            <td className={`${td} text-right`} data-testid="visitors">
              {variant.visitors.toLocaleString("en-US")}
            </td>
            {steps.map((step) => (
              <td key={step} className={`${td} text-right`} data-testid={`step-${step}`}>
                {variant.steps[step].toLocaleString("en-US")}{" "}
                <span className="text-slate-600">({shareOf(variant.steps[step], variant.visitors)})</span>
              </td>
            ))}
            <td className={`${td} text-right`} data-testid="net-revenue">
              {formatCents(variant.netRevenue)}
            </td>
            <td className={`${td} text-right`} data-testid="revenue-per-visitor">
              {formatCents(variant.revenuePerVisitor)}
            </td>
          </tr>
        ))}
      </TableSection>

      <TableSection
        id="analysis-heading"
        title={`${METRIC_LABELS[metric]}: the analysis`}
        intro={
          <>
            <p className="text-sm text-slate-600">
              Bayesian estimates with 95 % credible intervals. Expected loss is what shipping the variant instead of the
              control would cost if it is in fact worse.
            </p>
            {sample.reached ? null : (
              <p className="text-sm text-slate-700" data-testid="minimum-sample">
                The chance to beat the control is shown from {sample.visitorsNeeded.toLocaleString("en-US")} visitors
                per variant and {sample.conversionsNeeded.toLocaleString("en-US")}{" "}
                {metric === "revenue" ? "buyers" : "conversions"} in all; before that it swings too far to read.
              </p>
            )}
          </>
        }
        minWidth="min-w-[48rem]"
        head={
          <>
            <th className={th}>Variant</th>
            <th className={`${th} text-right`}>Estimate</th>
            <th className={th}>95 % interval</th>
            <th className={`${th} text-right`}>Chance to beat control</th>
            <th className={`${th} text-right`}>Expected loss</th>
            <th className={th}>Lift vs control (95 %)</th>
          </>
        }
      >
        {analysis.arms.map((arm, index) => {
          const comparison = index === 0 ? undefined : analysis.comparisons[index - 1];
          return (
            <tr key={arm.key} data-testid={`analysis-${arm.key}`} className="border-t border-slate-100">
              <VariantCell name={arm.key} control={index === 0} />
              <td className={`${td} text-right`}>{formatMetric(metric, arm.mean)}</td>
              <td className={td}>{formatInterval(metric, arm.interval)}</td>
              <td className={`${td} text-right`} data-testid="chance-to-beat">
                {comparison ? formatPercent(comparison.chanceToBeatControl) : "—"}
              </td>
              <td className={`${td} text-right`}>{comparison ? formatMetric(metric, comparison.expectedLoss) : "—"}</td>
              <td className={td}>
                {comparison
                  ? `${formatLift(comparison.relativeLift.mean)} (${formatLift(comparison.relativeLift.lower)} to ${formatLift(comparison.relativeLift.upper)})`
                  : "—"}
              </td>
            </tr>
          );
        })}
      </TableSection>
    </div>
  );
}
