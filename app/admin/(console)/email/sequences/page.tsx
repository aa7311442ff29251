import type { Metadata } from "next";
import Link from "next/link";
import { BackLink } from "@/components/console/back-link";
import { RefusedNote } from "@/components/console/refused-note";
import { SequenceActiveButton } from "@/components/console/email/sequence-active-button";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { can } from "@/lib/operators/shared/permissions";
import { listSequences } from "@/lib/console/server/sequences-list";
import { ENTRY_EVENT_LABELS, delayLabel } from "@/lib/console/shared/sequence-labels";

// The lifecycle sequences with their steps; each step opens its editor.

export const metadata: Metadata = { title: "Sequences" };
export const dynamic = "force-dynamic";

export default async function SequencesPage() {
  const operator = await requireOperator("console.view");
  const sequences = await listSequences();
  const mayEdit = can(operator.role, "email.write");
  return (
    <div className="flex flex-col gap-4">
      <BackLink href="/admin/email" label="E-mail report" />
      <div>
        <h1 className="text-2xl font-bold">Sequences</h1>
        <p className="text-sm text-slate-600">
          The e-mails leads get after an entry event, step by step. An edit applies to the e-mails still to come and
          raises the sequence&apos;s version.
        </p>
      </div>
      {!mayEdit && <RefusedNote role={operator.role} action="email.write" />}
      {sequences.length === 0 ? (
        <p className="rounded border border-slate-200 p-4 text-slate-600">There are no sequences.</p>
      ) : (
        sequences.map((sequence) => (
          <section
            key={sequence.id}
            aria-label={sequence.name}
            className="flex flex-col gap-2 rounded border border-slate-200 p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold">{sequence.name}</h2>
              {mayEdit && (
                <SequenceActiveButton sequenceId={sequence.id} name={sequence.name} active={sequence.active} />
              )}
            </div>
            <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
              <div>
                <dt className="inline text-slate-600">Entry event: </dt>
                <dd className="inline">{ENTRY_EVENT_LABELS[sequence.entryEvent] ?? sequence.entryEvent}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">State: </dt>
                <dd className="inline">{sequence.active ? "Active" : "Paused"}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Steps: </dt>
                <dd className="inline">{sequence.steps.length}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Version: </dt>
                <dd className="inline">{sequence.version}</dd>
              </div>
            </dl>
            <ol className="flex flex-col gap-1 text-sm">
              {sequence.steps.map((step) => (
                <li key={step.id}>
                  <Link href={`/admin/email/sequences/steps/${step.id}`} className="text-blue-700 underline">
                    Step {step.position + 1}: {step.subject}
                  </Link>{" "}
                  <span className="text-slate-600">({delayLabel(step.delayHours, step.position === 0)})</span>
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
    </div>
  );
}
