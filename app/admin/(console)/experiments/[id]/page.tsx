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
import { describeVariant } from "@/lib/experiments/shared/catalog-subjects";
import { signPreview } from "@/lib/experiments/server/preview-token";
import { experimentChoices } from "@/lib/console/server/experiment-choices";
import { formatUsd } from "@/lib/shared/money";

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
  const subject = experiment.subject;
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
        {subject?.kind === "price" ? (
          <p className="text-sm text-slate-700" data-testid="price-rollout-note">
            Rolling out a price does not publish it to the catalog: checkout charges everyone the chosen price until an
            owner publishes a newer price of {subject.productCode} on the catalog page, which then wins. Publish it
            there to keep it; the cached sales pages show the catalog&apos;s price until then.
          </p>
        ) : null}
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
  // A catalog test's preview prices what the holder pays, so it is signed, and only while it runs.
  const linkTo = (variant: string): string | null => {
    if (!subject) return previewHref(experiment.surface, variant);
    if (subject.kind === "post_offer" || experiment.status !== "running") return null;
    const token = signPreview({ experimentId: experiment.id, variant });
    return `/checkout?product=${encodeURIComponent(subject.productCode)}&preview=${encodeURIComponent(token)}`;
  };
  const noPreview = !subject
    ? "no preview: / would join you to the test"
    : subject.kind === "post_offer"
      ? "no preview: the offer follows a purchase"
      : "preview while it runs";
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
          <dd>
            {SURFACE_LABELS[experiment.surface]}
            {subject ? ` of ${subject.productCode}` : ""}
          </dd>
          <dt className="text-slate-600">Variants</dt>
          <dd>
            <ul className="space-y-1">
              {experiment.variants.map((v, i) => {
                const preview = linkTo(v.key);
                return (
                  <li key={v.key} data-testid={`variant-line-${v.key}`}>
                    {v.key}
                    {i === 0 ? " (control)" : ""} {Math.round((100 * v.weight) / totalWeight)} %{" "}
                    {subject ? (
                      <span data-testid="variant-definition">{describeVariant(subject, v.key, formatUsd)} </span>
                    ) : null}
                    {preview ? (
                      <a href={preview} target="_blank" rel="noopener" className="ml-1 text-blue-700 underline">
                        Preview<span className="sr-only"> {v.key}</span>
                      </a>
                    ) : (
                      <span className="ml-1 text-xs text-slate-600">{noPreview}</span>
                    )}
                  </li>
                );
              })}
            </ul>
            <p className="mt-1 text-xs text-slate-600">
              A preview shows the variant to your browser only and records no exposure. The offer needs an opt-in in
              this browser first; a price or bump preview is a checkout link that charges the variant&apos;s price to
              whoever opens it, so share it only with testers.
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
              subject: experiment.subject,
              primaryMetric: experiment.primaryMetric,
            }}
            choices={await experimentChoices()}
          />
        </section>
      ) : null}

      {results ? <ExperimentResultsView experiment={experiment} results={results} controls={stopControls} /> : null}
      {totals ? <PosteriorSection days={experimentPosterior(totals)} metric={experiment.primaryMetric} /> : null}
    </div>
  );
}
