"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { post } from "@/lib/platform/client/client-post";
import { usePendingAction } from "./use-pending-action";
import { ConfirmPanel } from "./console-form-parts";

/** `periodEnd`: the paid period's end, already in the operator's zone. */
export function CancelSubscriptionButton({ orderId, periodEnd }: { orderId: string; periodEnd: string | null }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const { pending, error, run } = usePendingAction();

  async function cancel() {
    await run(async () => {
      await post(
        "/api/admin/orders/cancel-subscription",
        { orderId },
        null,
        "The subscription could not be cancelled.",
      );
      setConfirming(false);
      router.refresh();
    }, "The subscription could not be cancelled.");
  }

  if (!confirming) {
    return (
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="rounded border border-slate-300 px-3 py-1.5 text-sm"
      >
        Cancel at period end
      </button>
    );
  }
  return (
    <ConfirmPanel
      label="Confirm cancellation"
      confirmLabel="Confirm cancellation"
      pendingLabel="Cancelling…"
      cancelLabel="Keep it"
      pending={pending}
      onConfirm={() => void cancel()}
      onCancel={() => setConfirming(false)}
      error={error}
    >
      <p>
        The seats stay usable until {periodEnd ?? "the end of the paid period"}, then the subscription ends. Nothing is
        refunded.
      </p>
    </ConfirmPanel>
  );
}
