"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { post } from "@/lib/platform/client/client-post";
import { ConfirmPanel } from "./console-form-parts";

export function CancelSubscriptionButton({ orderId, periodEnd }: { orderId: string; periodEnd: string | null }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setPending(true);
    setError(null);
    try {
      await post(
        "/api/admin/orders/cancel-subscription",
        { orderId },
        null,
        "The subscription could not be cancelled.",
      );
      setConfirming(false);
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The subscription could not be cancelled.");
    } finally {
      setPending(false);
    }
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
        The seats stay usable until {periodEnd ? periodEnd.slice(0, 10) : "the end of the paid period"}, then the
        subscription ends. Nothing is refunded.
      </p>
    </ConfirmPanel>
  );
}
