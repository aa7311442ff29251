import { BackLink } from "@/components/console/back-link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import {
  DeleteExperimentButton,
  StartExperimentButton,
  StopExperimentForm,
} from "@/components/console/experiments/experiment-controls";
import { ExperimentDraftForm } from "@/components/console/experiments/experiment-draft-form";
import { ExperimentResultsView } from "@/components/console/experiments/experiment-results-view";
import { PosteriorSection } from "@/components/console/experiments/posterior-section";
import { ExperimentStatusBadge } from "@/components/console/experiments/experiment-status-badge";
import { RefusedNote } from "@/components/console/refused-note";
import { can } from "@/lib/operators/shared/permissions";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { getExperimentTotals, resultsOf } from "@/lib/console/server/experiment-results-report";
import { experimentPosterior } from "@/lib/console/server/experiment-posterior-report";
import { findExperiment } from "@/lib/console/server/experiments-list";
import { previewHref } from "@/lib/experiments/shared/preview-links";
import { METRIC_LABELS, SURFACE_LABELS } from "@/lib/experiments/shared/surfaces";

export const metadata: Metadata = { title: "Experiment" };
export const dynamic = "force-dynamic";

export default async function ExperimentPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requireOperator("console.view");
  const manages = can(me.role, "experiments.manage");
  const { id } = await params;
  const experiment = await findExperiment(id);
  if (!experiment) notFound();
  const totals = experiment.status === "draft" ? null : await getExperimentTotals(experiment.id);
  const results = totals && resultsOf(totals);
  const control = experiment.variants[0]?.key ?? "";
  const winner = results?.analysis.verdict.kind === "winner" ? results.analysis.verdict.winner : null;
  const stopControls =
    experiment.status === "running" ? (
      <section aria-labelledby="stop-heading" className="space-y-2 rounded border border-slate-200 p-4">
        <h2 id="stop-heading" className="text-lg font-bold">
          Stop and roll out
        </h2>
        <p className="text-sm text-slate-700">
          Every visitor of the surface then gets the chosen variant, until another experiment of the surface starts.
        </p>
        {manages ? (
          <StopExperimentForm
            id={experiment.id}
            variants={experiment.variants.map((v) => v.key)}
            preselected={winner ?? control}
          />
        ) : (
          <RefusedNote role={me.role} action="experiments.manage" />
        )}
      </section>
    ) : null;
  const totalWeight = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
  return (
    <div className="space-y-6">
      <BackLink href="/admin/experiments" label="Experiments" />
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-all">{experiment.key}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Status</dt>
          <dd>
            <ExperimentStatusBadge status={experiment.status} />
            {experiment.rolledOutVariant ? (
              <span className="ml-2" data-testid="rolled-out">
                rolled out: {experiment.rolledOutVariant}
              </span>
            ) : null}
          </dd>
          <dt className="text-slate-600">Surface</dt>
          <dd>{SURFACE_LABELS[experiment.surface]}</dd>
          <dt className="text-slate-600">Variants</dt>
          <dd>
            <ul className="space-y-1">
              {experiment.variants.map((v, i) => {
                const preview = previewHref(experiment.surface, v.key);
                return (
                  <li key={v.key} data-testid={`variant-line-${v.key}`}>
                    {v.key}
                    {i === 0 ? " (control)" : ""} {Math.round((100 * v.weight) / totalWeight)} %{" "}
                    {preview ? (
                      <a href={preview} target="_blank" rel="noopener" className="ml-1 text-blue-700 underline">
                        Preview<span className="sr-only"> {v.key}</span>
                      </a>
                    ) : (
                      <span className="ml-1 text-xs text-slate-600">no preview: / would join you to the test</span>
                    )}
                  </li>
                );
              })}
            </ul>
            <p className="mt-1 text-xs text-slate-600">
              A preview shows the variant to your browser only and records no exposure. The offer needs an opt-in in
              this browser first.
            </p>
          </dd>
          <dt className="text-slate-600">Primary metric</dt>
          <dd>{METRIC_LABELS[experiment.primaryMetric]}</dd>
          <dt className="text-slate-600">Started</dt>
          <dd>{formatConsoleTime(experiment.startedAt, me.timeZone)}</dd>
          <dt className="text-slate-600">Stopped</dt>
          <dd>{formatConsoleTime(experiment.stoppedAt, me.timeZone)}</dd>
        </dl>
      </header>

      {experiment.status === "draft" ? (
        <section className="space-y-2 rounded border border-slate-200 p-4">
          <p className="text-sm text-slate-700">
            A draft: nobody sees its variants yet. Starting it fails while another experiment runs on this surface.
          </p>
          {manages ? (
            <div className="flex flex-wrap items-start gap-3">
              <StartExperimentButton
                id={experiment.id}
                surfaceLabel={SURFACE_LABELS[experiment.surface].toLowerCase()}
              />
              <DeleteExperimentButton id={experiment.id} experimentKey={experiment.key} />
            </div>
          ) : (
            <RefusedNote role={me.role} action="experiments.manage" />
          )}
        </section>
      ) : null}

      {experiment.status === "draft" && manages ? (
        <section aria-labelledby="edit-heading" className="space-y-2 rounded border border-slate-200 p-4">
          <h2 id="edit-heading" className="text-lg font-bold">
            Edit draft
          </h2>
          <ExperimentDraftForm
            draft={{
              id: experiment.id,
              key: experiment.key,
              surface: experiment.surface,
              variants: experiment.variants,
              primaryMetric: experiment.primaryMetric,
            }}
          />
        </section>
      ) : null}

      {results ? <ExperimentResultsView experiment={experiment} results={results} controls={stopControls} /> : null}
      {totals ? <PosteriorSection days={experimentPosterior(totals)} metric={experiment.primaryMetric} /> : null}
    </div>
  );
}
