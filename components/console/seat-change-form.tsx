"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { formatUsd } from "@/lib/shared/money";
import { ConfirmPanel, FormAlert, FormDone } from "./console-form-parts";
import { useKeyedAction } from "./use-keyed-action";

const resultSchema = z.object({ seats: z.number(), previousSeats: z.number() });

type Props = { orderId: string; seats: number; maxSeats: number; unitAmount: number };

export function SeatChangeForm({ orderId, seats, maxSeats, unitAmount }: Props) {
  const router = useRouter();
  const [count, setCount] = useState(String(seats));
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const { pending, error, setError, done, send } = useKeyedAction();
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
    await send(async (requestKey) => {
      const result = await post(
        "/api/admin/orders/seats",
        { orderId, seats: target, reason: reason.trim(), requestKey },
        resultSchema,
        "The seats could not be changed. Please try again.",
      );
      setConfirming(false);
      setReason("");
      router.refresh();
      return `Seats changed from ${result.previousSeats} to ${result.seats}.`;
    }, "The seats could not be changed.");
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
      <FormAlert text={error} />
      <FormDone text={done} />
    </form>
  );
}
