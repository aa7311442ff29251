import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BackLink } from "@/components/console/back-link";
import { SequenceStepEditor } from "@/components/console/email/sequence-step-editor";
import { requireOperator } from "@/lib/operators/server/require-operator";
import { can, refusalReason } from "@/lib/operators/shared/permissions";
import { readSequenceStep } from "@/lib/console/server/sequences-list";
import { ENTRY_EVENT_LABELS } from "@/lib/console/shared/sequence-labels";

// One step of a sequence: its delay, condition and e-mail, previewed and test-sent before saving.

export const metadata: Metadata = { title: "Sequence step" };
export const dynamic = "force-dynamic";

export default async function SequenceStepPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireOperator("console.view");
  const found = await readSequenceStep((await params).id);
  if (!found) notFound();
  const { sequence, step } = found;
  const mayEdit = can(operator.role, "email.write");
  return (
    <div className="flex flex-col gap-4">
      <BackLink href="/admin/email/sequences" label="Sequences" />
      <div>
        <h1 className="text-2xl font-bold">
          {sequence.name}: step {step.position + 1} of {sequence.stepCount}
        </h1>
        <p className="text-sm text-slate-600">
          Entry event: {ENTRY_EVENT_LABELS[sequence.entryEvent] ?? sequence.entryEvent} ·{" "}
          {sequence.active ? "Active" : "Paused"} ·{" "}
          <span data-testid="sequence-version">Version {sequence.version}</span>
        </p>
      </div>
      <SequenceStepEditor
        key={step.id}
        step={step}
        first={step.position === 0}
        readOnlyReason={mayEdit ? null : refusalReason(operator.role, "email.write")}
      />
    </div>
  );
}
