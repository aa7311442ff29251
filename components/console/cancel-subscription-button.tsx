"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { post } from "@/lib/platform/client/client-post";

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
    <div
      role="alertdialog"
      aria-label="Confirm cancellation"
      className="rounded border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <p>
        The seats stay usable until {periodEnd ? periodEnd.slice(0, 10) : "the end of the paid period"}, then the
        subscription ends. Nothing is refunded.
      </p>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          onClick={() => void cancel()}
          disabled={pending}
          className="rounded bg-red-700 px-3 py-1.5 text-white disabled:opacity-60"
        >
          {pending ? "Cancelling…" : "Confirm cancellation"}
        </button>
        <button
          type="button"
          onClick={() => setConfirming(false)}
          className="rounded border border-slate-300 px-3 py-1.5"
        >
          Keep it
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
