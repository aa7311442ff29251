"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { CTA_SECONDARY } from "@/components/site/cta-styles";
import { post, RequestFailedError } from "@/lib/platform/client/client-post";

// Cancel at period end, or resume before it; the page re-reads the subscription afterwards.

export function CancellationButton({ subscriptionId, cancel }: { subscriptionId: string; cancel: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await post("/api/billing/cancellation", { subscriptionId, cancel }, null, "That did not work. Please try again.");
      router.refresh();
    } catch (failure) {
      setError(failure instanceof RequestFailedError || failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button type="button" className={CTA_SECONDARY} disabled={busy} onClick={() => void submit()}>
        {cancel ? "Cancel at the end of the period" : "Keep my subscription"}
      </button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
