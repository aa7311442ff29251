"use client";

import { useRouter } from "next/navigation";
import { post } from "@/lib/platform/client/client-post";
import { usePendingAction } from "./use-pending-action";
import { RowAction } from "./console-form-parts";

// Their sessions end at once.

const isRemoved = (body: unknown): body is { removed: true } =>
  typeof body === "object" && body !== null && "removed" in body && body.removed === true;

export function RemoveOperatorButton({ operatorId, email }: { operatorId: string; email: string }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();

  async function remove() {
    if (!window.confirm(`Remove ${email}? They are signed out at once and can no longer sign in.`)) return;
    await run(async () => {
      await post("/api/admin/operators/remove", { operatorId }, isRemoved, "Removing the operator did not work.");
      router.refresh();
    }, "Removing the operator did not work.");
  }

  return (
    <RowAction
      onClick={() => void remove()}
      pending={pending}
      label="Remove"
      aria-label={`Remove operator ${email}`}
      className="rounded border border-red-300 px-2 py-1 text-sm whitespace-nowrap text-red-800"
      note={error}
      noteRole="alert"
    />
  );
}
