"use client";

import { useRouter } from "next/navigation";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { RowAction } from "../console-form-parts";
import { usePendingAction } from "../use-pending-action";

const resultSchema = z.object({ sequenceId: z.string(), active: z.boolean(), version: z.number() });

// Paused, a sequence enrolls no one and sends nothing; resumed, it does not enroll the backlog.
export function SequenceActiveButton({
  sequenceId,
  name,
  active,
}: {
  sequenceId: string;
  name: string;
  active: boolean;
}) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  const label = active ? "Pause" : "Resume";
  const toggle = () =>
    run(async () => {
      await post(
        "/api/admin/sequences/active",
        { sequenceId, active: !active },
        resultSchema,
        `Could not ${label.toLowerCase()}.`,
      );
      router.refresh();
    }, `Could not ${label.toLowerCase()}.`);
  return (
    <RowAction
      pending={pending}
      label={label}
      pendingLabel={active ? "Pausing…" : "Resuming…"}
      aria-label={`${label} ${name}`}
      className="rounded border border-slate-300 px-2 py-1"
      onClick={() => void toggle()}
      note={error}
      noteRole="alert"
    />
  );
}
