"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/text-field";
import { CTA_SECONDARY, FORM_BUTTON } from "@/components/site/cta-styles";
import { post } from "@/lib/platform/client/client-post";
import { formatUsd } from "@/lib/shared/money";

// The buyer picks a seat count, sees what it costs now and at the next renewal, then confirms.
// The page sends only the count and the server's own quote back; the server charges its preview.

type Preview = {
  seats: number;
  previousSeats: number;
  dueNow: number;
  credit: number;
  nextRenewal: number;
  quote: string;
};

const isPreview = (body: unknown): body is Preview =>
  typeof body === "object" && body !== null && "quote" in body && "dueNow" in body && "nextRenewal" in body;
const isChanged = (body: unknown): body is { seats: number } =>
  typeof body === "object" && body !== null && "seats" in body;

export function SeatChangeForm(props: { subscriptionId: string; seats: number; min: number; max: number }) {
  const router = useRouter();
  const [value, setValue] = useState(String(props.seats));
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function showPrice(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const seats = Number(value);
    if (!Number.isInteger(seats) || seats < props.min || seats > props.max) {
      setMessage({ ok: false, text: `Choose between ${props.min} and ${props.max} seats.` });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const body = { subscriptionId: props.subscriptionId, seats };
      setPreview(
        await post("/api/billing/seats/preview", body, isPreview, "The price could not be shown. Please try again."),
      );
    } catch (failure) {
      setMessage({ ok: false, text: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (busy || !preview) return;
    setBusy(true);
    setMessage(null);
    try {
      const body = { subscriptionId: props.subscriptionId, seats: preview.seats, quote: preview.quote };
      const changed = await post(
        "/api/billing/seats",
        body,
        isChanged,
        "The seats could not be changed. Please try again.",
      );
      setMessage({ ok: true, text: `Your subscription now has ${changed.seats} seats.` });
      setPreview(null);
      router.refresh();
    } catch (failure) {
      setMessage({ ok: false, text: failure instanceof Error ? failure.message : String(failure) });
      setPreview(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void showPrice(e)} aria-label="Change seats" noValidate className="mt-3">
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Seats"
          type="number"
          inputMode="numeric"
          min={props.min}
          max={props.max}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setPreview(null);
          }}
          className="mt-1 block w-28 rounded-lg border border-slate-300 px-3 py-2.5 text-base"
        />
        <button type="submit" className={CTA_SECONDARY} disabled={busy}>
          See the price
        </button>
      </div>
      {preview ? (
        <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="seat-preview">
          <p>
            {preview.previousSeats} → {preview.seats} seats:{" "}
            {preview.credit > 0
              ? `${formatUsd(preview.credit)} credit toward your next renewal.`
              : `${formatUsd(preview.dueNow)} charged now to your card on file for the rest of this period.`}
          </p>
          <p>Next renewal: {formatUsd(preview.nextRenewal)}.</p>
          <button type="button" className={`${FORM_BUTTON} mt-3`} disabled={busy} onClick={() => void confirm()}>
            {busy ? "Changing..." : `Change to ${preview.seats} seats`}
          </button>
        </div>
      ) : null}
      {message ? (
        <p
          role={message.ok ? "status" : "alert"}
          className={`mt-3 ${message.ok ? "text-emerald-800" : "text-red-700"}`}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
