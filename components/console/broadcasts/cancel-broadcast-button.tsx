"use client";

import { useRouter } from "next/navigation";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { FormAlert } from "@/components/console/console-form-parts";
import { usePendingAction } from "@/components/console/use-pending-action";

const cancelledSchema = z.object({ skipped: z.number() });

export function CancelBroadcastButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        disabled={pending}
        aria-label={`Cancel ${name}`}
        className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-700"
        onClick={() =>
          void run(async () => {
            await post(
              "/api/admin/broadcasts/cancel",
              { id },
              cancelledSchema,
              "The broadcast could not be cancelled.",
            );
            router.refresh();
          }, "The broadcast could not be cancelled.")
        }
      >
        {pending ? "Cancelling…" : "Cancel"}
      </button>
      <FormAlert text={error} />
    </span>
  );
}
