"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { ConfirmPanel, FormAlert, FormDone } from "./console-form-parts";
import { useKeyedAction } from "./use-keyed-action";
import { decimalUsd, formatUsd, parseUsd } from "@/lib/shared/money";

// Only seats the refund pays back can be removed.

const resultSchema = z.object({
  refundId: z.string(),
  amount: z.number(),
  fullyRefunded: z.boolean(),
  seats: z.number().optional(),
});

/** A live seat subscription: how many seats it has and what one cost. */
export type RefundSeats = { current: number; unitPrice: number };

const seatWord = (n: number) => (n === 1 ? "seat" : "seats");

function seatsOutcome(left: number): string {
  return left === 0
    ? "the subscription ends at the end of the paid month"
    : `the subscription keeps ${left} ${seatWord(left)}`;
}

function toCents(text: string): number | null {
  const cents = parseUsd(text);
  return cents !== null && cents > 0 ? cents : null;
}

type Props = { orderId: string; refundable: number; seats?: RefundSeats | null };

export function RefundForm({ orderId, refundable, seats = null }: Props) {
  const router = useRouter();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const { pending, error, setError, done, send } = useKeyedAction();
  const [removeSeats, setRemoveSeats] = useState(false);
  const [seatCount, setSeatCount] = useState("1");

  const cents = amount.trim() === "" ? refundable : toCents(amount);
  const full = cents === refundable;
  const paidSeats = seats && cents !== null ? Math.min(seats.current, Math.floor(cents / seats.unitPrice)) : 0;
  const removing = removeSeats && /^\d{1,5}$/.test(seatCount.trim()) ? Number(seatCount.trim()) : null;

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
    if (removeSeats && (removing === null || removing < 1 || removing > paidSeats)) {
      setError(
        paidSeats > 0
          ? `This refund pays back at most ${paidSeats} ${seatWord(paidSeats)}: remove 1 to ${paidSeats}.`
          : `This refund is smaller than one seat (${formatUsd(seats?.unitPrice ?? 0)}), so no seat can be removed.`,
      );
      return;
    }
    setConfirming(true);
  }

  async function submit() {
    if (cents === null) return;
    await send(async (requestKey) => {
      const result = await post(
        "/api/admin/orders/refund",
        {
          orderId,
          reason: reason.trim(),
          requestKey,
          ...(full ? {} : { amount: cents }),
          ...(removing !== null ? { removeSeats: removing } : {}),
        },
        resultSchema,
        "The refund could not be sent. Please try again.",
      );
      setConfirming(false);
      setRemoveSeats(false);
      setSeatCount("1");
      setAmount("");
      setReason("");
      router.refresh();
      const seatNote = result.seats === undefined ? "" : ` ${seatsOutcome(result.seats).replace(/^the/, "The")}.`;
      return `Refunded ${formatUsd(result.amount)}${result.fullyRefunded ? " — the order is fully refunded." : "."}${seatNote}`;
    }, "The refund could not be sent.");
  }

  if (refundable <= 0) {
    return <FormDone text={done} />;
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
            placeholder={decimalUsd(refundable)}
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
      {seats ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label className="flex items-center gap-1">
            <input
              type="checkbox"
              name="remove-seats"
              checked={removeSeats}
              onChange={(e) => (setRemoveSeats(e.target.checked), setConfirming(false))}
            />
            Also remove
          </label>
          <input
            aria-label="Seats to remove"
            name="seats-to-remove"
            inputMode="numeric"
            value={seatCount}
            disabled={!removeSeats}
            onChange={(e) => (setSeatCount(e.target.value), setConfirming(false))}
            className="w-16 rounded border border-slate-300 px-2 py-1 disabled:bg-slate-100"
          />
          <span>
            of its {seats.current} {seatWord(seats.current)} from the subscription (this refund pays back {paidSeats} at{" "}
            {formatUsd(seats.unitPrice)})
          </span>
        </div>
      ) : null}
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
          {removing !== null && seats ? (
            <p className="mt-1 font-semibold">
              Also remove {removing} {seatWord(removing)}: {seatsOutcome(seats.current - removing)}, with no proration
              charge or credit.
            </p>
          ) : null}
        </ConfirmPanel>
      ) : (
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          Review refund
        </button>
      )}
      <FormAlert text={error} />
      <FormDone text={done} />
    </form>
  );
}
