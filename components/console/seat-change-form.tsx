"use client";

import { reportIfReauthRequired } from "@/lib/operators/client/reauth";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { post, RequestFailedError } from "@/lib/platform/client/client-post";
import { formatUsd } from "@/lib/shared/money";
import { ConfirmPanel } from "./console-form-parts";

// The request key is made once per form, so a double click or a retry changes the seats once.

const resultSchema = z.object({ seats: z.number(), previousSeats: z.number() });

const newKey = () => crypto.randomUUID().replaceAll("-", "");

type Props = { orderId: string; seats: number; maxSeats: number; unitAmount: number };

export function SeatChangeForm({ orderId, seats, maxSeats, unitAmount }: Props) {
  const router = useRouter();
  const [count, setCount] = useState(String(seats));
  const [reason, setReason] = useState("");
  const [key, setKey] = useState(newKey);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const target = /^\d{1,5}$/.test(count.trim()) ? Number(count.trim()) : null;

  function review(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (target === null || target < 1 || target > maxSeats) {
      setError(`Enter a seat count from 1 to ${maxSeats}.`);
    } else if (target === seats) {
      setError(`The subscription already has ${seats} seats.`);
    } else if (reason.trim() === "") {
      setError("Please give a reason for the seat change.");
    } else {
      setConfirming(true);
    }
  }

  async function submit() {
    if (target === null) return;
    setPending(true);
    setError(null);
    try {
      const result = await post(
        "/api/admin/orders/seats",
        { orderId, seats: target, reason: reason.trim(), requestKey: key },
        resultSchema,
        "The seats could not be changed. Please try again.",
      );
      setDone(`Seats changed from ${result.previousSeats} to ${result.seats}.`);
      setConfirming(false);
      setReason("");
      setKey(newKey());
      router.refresh();
    } catch (caught) {
      reportIfReauthRequired(caught);
      // A refusal gets a new key; no answer at all may have changed them, so the same key finds that change.
      if (caught instanceof RequestFailedError && caught.status < 500) setKey(newKey());
      setError(caught instanceof Error ? caught.message : "The seats could not be changed.");
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={review} className="space-y-3" aria-label="Change seats">
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col text-sm">
          Seats
          <input
            name="seats"
            inputMode="numeric"
            value={count}
            onChange={(e) => (setCount(e.target.value), setConfirming(false))}
            className="w-24 rounded border border-slate-300 px-2 py-1.5"
          />
        </label>
        <label className="flex min-w-0 flex-1 flex-col text-sm">
          Reason for the seat change
          <input
            name="seat-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => (setReason(e.target.value), setConfirming(false))}
            placeholder="e.g. the team grew"
            className="min-w-0 rounded border border-slate-300 px-2 py-1.5"
          />
        </label>
      </div>
      {confirming && target !== null ? (
        <ConfirmPanel
          label="Confirm seat change"
          confirmLabel={`Change to ${target} seats`}
          pendingLabel="Changing…"
          cancelLabel="Cancel"
          pending={pending}
          onConfirm={() => void submit()}
          onCancel={() => setConfirming(false)}
        >
          <p className="font-semibold">
            Change from {seats} to {target} seats ({formatUsd(target * unitAmount)} a month)?
          </p>
          <p className="mt-1">
            {target > seats
              ? "The added seats are billed for the rest of this month with the next invoice."
              : "Nothing is refunded or credited for this month; refund separately if the buyer is owed money."}
          </p>
        </ConfirmPanel>
      ) : (
        <button type="submit" className="rounded border border-slate-300 px-3 py-1.5 text-sm">
          Review seat change
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
