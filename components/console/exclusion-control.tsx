"use client";

import { useRouter } from "next/navigation";
import { post } from "@/lib/platform/client/client-post";
import { usePendingAction } from "@/components/console/use-pending-action";
import { EXCLUSION_KINDS, EXCLUSION_LABELS, type ExclusionKind } from "@/lib/shared/excluded-rows";

// The test/spam flag of one lead or order: set, change or clear it, then re-read the page.

type Props = {
  target: "lead" | "order";
  id: string;
  excludedAs: ExclusionKind | null;
  /** Who set it and when, already in the operator's zone. */
  setBy: string | null;
  canEdit: boolean;
};

const button = "min-h-11 rounded-md px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50";

export function ExclusionControl({ target, id, excludedAs, setBy, canEdit }: Props) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  const failed = "The flag was not changed.";
  const change = (kind: ExclusionKind | null) =>
    run(async () => {
      const body = target === "lead" ? { id, excludedAs: kind } : { orderId: id, excludedAs: kind };
      await post(`/api/admin/${target}s/flag`, body, null, failed);
      router.refresh();
    }, failed);
  return (
    <div className="flex flex-col gap-2" data-testid="exclusion-control">
      <p className="text-sm" data-testid="exclusion-state">
        {excludedAs
          ? `Marked as ${EXCLUSION_LABELS[excludedAs].toLowerCase()}${setBy ? ` (${setBy})` : ""}: left out of every report, list and export by default.`
          : `Counted in reports. Mark a test or spam ${target} to leave it out.`}
      </p>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          {EXCLUSION_KINDS.filter((kind) => kind !== excludedAs).map((kind) => (
            <button
              key={kind}
              type="button"
              disabled={pending}
              onClick={() => void change(kind)}
              className={`${button} border border-slate-300 bg-white text-slate-900`}
            >
              Mark as {EXCLUSION_LABELS[kind].toLowerCase()}
            </button>
          ))}
          {excludedAs && (
            <button
              type="button"
              disabled={pending}
              onClick={() => void change(null)}
              className={`${button} bg-slate-900 text-white`}
            >
              Count it again
            </button>
          )}
        </div>
      )}
      <p role="status" className="text-sm text-red-700" data-testid="exclusion-status">
        {error ?? ""}
      </p>
    </div>
  );
}
