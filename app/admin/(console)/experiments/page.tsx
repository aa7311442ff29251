import { ConsoleSection } from "@/components/console/console-section";
import type { Metadata } from "next";
import Link from "next/link";
import { ExperimentDraftForm } from "@/components/console/experiments/experiment-draft-form";
import { ExperimentStatusBadge } from "@/components/console/experiments/experiment-status-badge";
import { RefusedNote } from "@/components/console/refused-note";
import { can } from "@/lib/operators/shared/permissions";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { listExperiments } from "@/lib/console/server/experiments-list";
import { experimentChoices } from "@/lib/console/server/experiment-choices";
import { METRIC_LABELS, SURFACE_LABELS } from "@/lib/experiments/shared/surfaces";

export const metadata: Metadata = { title: "Experiments" };
export const dynamic = "force-dynamic";

export default async function ExperimentsPage() {
  const me = await requireOperator("console.view");
  const experiments = await listExperiments();
  return (
    <div className="space-y-10">
      <section aria-labelledby="experiments-heading" className="space-y-4">
        <h1 id="experiments-heading" className="text-2xl font-bold">
          Experiments
        </h1>
        <p className="text-sm text-slate-600">
          One experiment runs per surface at a time (a price, bump or post-purchase offer test names one product). With
          none running, the surface shows what the configuration or the last roll-out chose.
        </p>
        {experiments.length === 0 ? (
          <p className="rounded border border-slate-200 p-4 text-slate-600">No experiments yet.</p>
        ) : (
          <div className="overflow-x-auto rounded border border-slate-200">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
                <tr>
                  <th className="px-3 py-2">Key</th>
                  <th className="px-3 py-2">Surface</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2">Started</th>
                  <th className="px-3 py-2">Stopped</th>
                  <th className="px-3 py-2">Primary metric</th>
                  <th className="px-3 py-2 text-right">Visitors</th>
                </tr>
              </thead>
              <tbody>
                {experiments.map((experiment) => (
                  <tr key={experiment.id} className="border-t border-slate-100" data-testid="experiment-row">
                    <td className="px-3 py-2">
                      <Link href={`/admin/experiments/${experiment.id}`} className="text-blue-700 underline">
                        {experiment.key}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{SURFACE_LABELS[experiment.surface]}</td>
                    <td className="px-3 py-2">
                      <ExperimentStatusBadge status={experiment.status} />
                      {experiment.rolledOutVariant ? (
                        <span className="ml-1 text-xs text-slate-600">→ {experiment.rolledOutVariant}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {formatConsoleTime(experiment.startedAt, me.timeZone)}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {formatConsoleTime(experiment.stoppedAt, me.timeZone)}
                    </td>
                    <td className="px-3 py-2">{METRIC_LABELS[experiment.primaryMetric]}</td>
                    <td className="px-3 py-2 text-right" data-testid="experiment-visitors">
                      {experiment.visitors.toLocaleString("en-US")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <ConsoleSection id="new-experiment-heading" title="New experiment">
        <p className="text-sm text-slate-600">Saved as a draft: visitors see nothing new until you start it.</p>
        {can(me.role, "experiments.manage") ? (
          <ExperimentDraftForm choices={await experimentChoices()} />
        ) : (
          <RefusedNote role={me.role} action="experiments.manage" />
        )}
      </ConsoleSection>
    </div>
  );
}
