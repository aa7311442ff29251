"use client";

import { Options } from "@/components/ui/options";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { post } from "@/lib/platform/client/client-post";
import { usePendingAction } from "../use-pending-action";
import { FormAlert, PendingButton } from "../console-form-parts";

// Each asks once more first.

const isOk = (body: unknown): body is { id: string } =>
  typeof body === "object" && body !== null && "id" in body && typeof body.id === "string";

function useAction() {
  const router = useRouter();
  const action = usePendingAction();
  const run = (path: string, body: unknown, fallback: string) =>
    action.run(async () => {
      await post(path, body, isOk, fallback);
      router.refresh();
    }, fallback);
  return { pending: action.pending, error: action.error, run };
}

export function StartExperimentButton({ id, surfaceLabel }: { id: string; surfaceLabel: string }) {
  const { pending, error, run } = useAction();
  function onClick() {
    if (!window.confirm(`Start this experiment? Visitors of the ${surfaceLabel} get its variants from now on.`)) return;
    void run("/api/admin/experiments/start", { id }, "The experiment could not be started. Please try again.");
  }
  return (
    <div className="space-y-2">
      <PendingButton
        type="button"
        onClick={onClick}
        pending={pending}
        label="Start experiment"
        pendingLabel="Starting…"
        className="rounded bg-emerald-700 px-4 py-2 text-sm font-semibold text-white"
      />
      <FormAlert text={error} />
    </div>
  );
}

export function StopExperimentForm({
  id,
  variants,
  preselected,
}: {
  id: string;
  variants: string[];
  preselected: string;
}) {
  const { pending, error, run } = useAction();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rollout = new FormData(event.currentTarget).get("rollout");
    if (typeof rollout !== "string") return;
    if (!window.confirm(`Stop the experiment and show “${rollout}” to every visitor from now on?`)) return;
    void run("/api/admin/experiments/stop", { id, rollout }, "The experiment could not be stopped. Please try again.");
  }
  return (
    <form onSubmit={onSubmit} aria-label="Stop experiment" className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm font-medium">
        Roll out
        <select
          name="rollout"
          defaultValue={preselected}
          className="mt-1 rounded border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          <Options values={variants} />
        </select>
      </label>
      <PendingButton
        pending={pending}
        label="Stop and roll out"
        pendingLabel="Stopping…"
        className="rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white"
      />
      <div className="basis-full">
        <FormAlert text={error} />
      </div>
    </form>
  );
}

export function DeleteExperimentButton({ id, experimentKey }: { id: string; experimentKey: string }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  function onClick() {
    if (!window.confirm(`Delete the draft “${experimentKey}”? This cannot be undone.`)) return;
    const fallback = "The draft could not be deleted. Please try again.";
    void run(async () => {
      await post("/api/admin/experiments/delete", { id }, isOk, fallback);
      router.push("/admin/experiments");
      return true;
    }, fallback);
  }
  return (
    <div className="space-y-2">
      <PendingButton
        type="button"
        onClick={onClick}
        pending={pending}
        label="Delete draft"
        pendingLabel="Deleting…"
        className="rounded border border-red-700 px-4 py-2 text-sm font-semibold text-red-800"
      />
      <FormAlert text={error} />
    </div>
  );
}
