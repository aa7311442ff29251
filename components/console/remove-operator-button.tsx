"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { post } from "@/lib/platform/client/client-post";

// Their sessions end at once.

const isRemoved = (body: unknown): body is { removed: true } =>
  typeof body === "object" && body !== null && "removed" in body && body.removed === true;

export function RemoveOperatorButton({ operatorId, email }: { operatorId: string; email: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function remove() {
    if (!window.confirm(`Remove ${email}? They are signed out at once and can no longer sign in.`)) return;
    setPending(true);
    setError(null);
    try {
      await post("/api/admin/operators/remove", { operatorId }, isRemoved, "Removing the operator did not work.");
      router.refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Removing the operator did not work.");
    }
    setPending(false);
  }

  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        onClick={() => void remove()}
        disabled={pending}
        aria-label={`Remove operator ${email}`}
        className="rounded border border-red-300 px-2 py-1 text-sm whitespace-nowrap text-red-800 disabled:opacity-60"
      >
        Remove
      </button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
