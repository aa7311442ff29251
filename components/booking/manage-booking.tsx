"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { BookingCalendar } from "@/components/booking/booking-calendar";
import { CallSummary } from "@/components/booking/call-summary";
import { CTA_PRIMARY, CTA_SECONDARY } from "@/components/site/cta-styles";
import { CHANGE_FAILED, postCancel, type SlotTimes } from "@/lib/booking/client/booking-api";

// The server sends the calendar update either way.

type Props = {
  token: string;
  call: SlotTimes;
  timeZone: string;
  slots: SlotTimes[];
  providerEmail: string;
  canMove: boolean;
};

type Step = "view" | "cancel" | "canceled" | "move";

export function ManageBooking({ token, call, timeZone, slots, providerEmail, canMove }: Props) {
  const [step, setStep] = useState<Step>("view");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [moved, setMoved] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const acted = useRef(false);

  useEffect(() => {
    if (acted.current && step !== "move") heading.current?.focus();
  }, [step]);

  const go = (next: Step) => {
    acted.current = true;
    setError(null);
    setStep(next);
  };

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await postCancel(token);
      go("canceled");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : CHANGE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  if (step === "move") {
    return (
      <div>
        {!moved && (
          <button type="button" onClick={() => go("view")} className={`${CTA_SECONDARY} mb-6`}>
            Keep the current time
          </button>
        )}
        <BookingCalendar
          initialSlots={slots}
          providerEmail={providerEmail}
          needsContact={false}
          token={token}
          onDone={() => setMoved(true)}
          focusOnMount
        />
      </div>
    );
  }
  if (step === "canceled") {
    return (
      <CallSummary
        title="Your call is cancelled"
        start={call.start}
        end={call.end}
        timeZone={timeZone}
        tone="neutral"
        live
        headingRef={heading}
      >
        <p className="mt-4">We have sent you a calendar update that removes it.</p>
        <Link href="/schedule-call" className={`${CTA_PRIMARY} mt-5`}>
          Book a new time
        </Link>
      </CallSummary>
    );
  }
  return (
    <CallSummary
      title={step === "cancel" ? "Cancel this call?" : "Your call"}
      start={call.start}
      end={call.end}
      timeZone={timeZone}
      tone="neutral"
      headingRef={heading}
    >
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {step === "cancel" ? (
          <>
            <button type="button" disabled={busy} onClick={() => void cancel()} className={CTA_PRIMARY}>
              {busy ? "Cancelling…" : "Yes, cancel the call"}
            </button>
            <button type="button" disabled={busy} onClick={() => go("view")} className={CTA_SECONDARY}>
              Keep my call
            </button>
          </>
        ) : (
          <>
            {canMove && (
              <button type="button" onClick={() => go("move")} className={CTA_PRIMARY}>
                Move to another time
              </button>
            )}
            <button type="button" onClick={() => go("cancel")} className={CTA_SECONDARY}>
              Cancel this call
            </button>
          </>
        )}
      </div>
    </CallSummary>
  );
}
