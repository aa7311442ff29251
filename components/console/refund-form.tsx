"use client";

import { reportIfReauthRequired } from "@/lib/operators/client/reauth";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { post, RequestFailedError } from "@/lib/platform/client/client-post";
import { ConfirmPanel } from "./console-form-parts";
import { formatUsd } from "@/lib/shared/money";

// The request key is made once per form, so a double click or retry refunds once.

const resultSchema = z.object({ refundId: z.string(), amount: z.number(), fullyRefunded: z.boolean() });

const newKey = () => crypto.randomUUID().replaceAll("-", "");

function toCents(text: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

export function RefundForm({ orderId, refundable }: { orderId: string; refundable: number }) {
  const router = useRouter();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [key, setKey] = useState(newKey);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const cents = amount.trim() === "" ? refundable : toCents(amount);
  const full = cents === refundable;

  function review(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (cents === null || cents > refundable) {
      setError(`Enter an amount up to ${formatUsd(refundable)}, or leave it empty for everything left.`);
      return;
    }
    if (reason.trim() === "") {
      setError("Please give a reason for the refund.");
      return;
    }
    setConfirming(true);
  }

  async function submit() {
    if (cents === null) return;
    setPending(true);
    setError(null);
    try {
      const result = await post(
        "/api/admin/orders/refund",
        { orderId, reason: reason.trim(), requestKey: key, ...(full ? {} : { amount: cents }) },
        resultSchema,
        "The refund could not be sent. Please try again.",
      );
      setDone(`Refunded ${formatUsd(result.amount)}${result.fullyRefunded ? " — the order is fully refunded." : "."}`);
      setConfirming(false);
      setAmount("");
      setReason("");
      setKey(newKey());
      router.refresh();
    } catch (caught) {
      reportIfReauthRequired(caught);
      // A refusal gets a new key; no answer at all may have refunded, so the same key finds that refund.
      if (caught instanceof RequestFailedError && caught.status < 500) setKey(newKey());
      setError(caught instanceof Error ? caught.message : "The refund could not be sent.");
    } finally {
      setPending(false);
    }
  }

  if (refundable <= 0) {
    return done ? (
      <p role="status" className="text-sm text-emerald-800">
        {done}
      </p>
    ) : null;
  }
  return (
    <form onSubmit={review} className="space-y-3" aria-label="Refund">
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col text-sm">
          Amount (USD)
          <input
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => (setAmount(e.target.value), setConfirming(false))}
            placeholder={(refundable / 100).toFixed(2)}
            className="w-36 rounded border border-slate-300 px-2 py-1.5"
          />
        </label>
        <label className="flex min-w-0 flex-1 flex-col text-sm">
          Reason
          <input
            name="reason"
            value={reason}
            maxLength={500}
            onChange={(e) => (setReason(e.target.value), setConfirming(false))}
            placeholder="e.g. asked within the 30 days"
            className="min-w-0 rounded border border-slate-300 px-2 py-1.5"
          />
        </label>
      </div>
      {confirming && cents !== null ? (
        <ConfirmPanel
          label="Confirm refund"
          confirmLabel={`Confirm refund of ${formatUsd(cents)}`}
          pendingLabel="Refunding…"
          cancelLabel="Cancel"
          pending={pending}
          onConfirm={() => void submit()}
          onCancel={() => setConfirming(false)}
        >
          <p className="font-semibold">
            Refund {formatUsd(cents)} of {formatUsd(refundable)} left?
          </p>
          <p className="mt-1">
            {full
              ? "This refunds the order in full: the buyer's account and contract-setup link stop working."
              : "A partial refund: the buyer keeps the account."}{" "}
            The buyer gets a confirmation e-mail.
          </p>
        </ConfirmPanel>
      ) : (
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          Review refund
        </button>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-emerald-800">
          {done}
        </p>
      ) : null}
    </form>
  );
}
