"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { getFunnelSession } from "@/lib/leads/client/client-session";
import { PHONE_CONSENT_FAILED, postPhoneConsent } from "@/lib/booking/client/client-api";
import { CONSENT_REQUIRED_MESSAGE, INVALID_PHONE_MESSAGE, toE164 } from "@/lib/booking/shared/phone";
import { trackAction } from "@/lib/leads/client/track-action";

// The text shown is the text the server stores (docs/product.md#phone-consent).

type Props = { consentText: string };

export function ScheduleCallButton({ consentText }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="w-full rounded-xl bg-brand px-6 py-4 text-lg font-extrabold text-white shadow-lg hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:w-auto"
      >
        Schedule a free AI strategy call
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Schedule your free AI strategy call">
        <PhoneConsentForm consentText={consentText} />
      </Dialog>
    </>
  );
}

/** "refresh": already on /schedule-call, which re-renders with the calendar. */
export function PhoneConsentForm({ consentText, after = "navigate" }: Props & { after?: "navigate" | "refresh" }) {
  const router = useRouter();
  const phoneId = useId();
  const consentId = useId();
  const errorId = useId();
  const [phone, setPhone] = useState("");
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const termsAt = consentText.lastIndexOf("SMS/Phone Opt-In Terms");
  const textBefore = termsAt >= 0 ? consentText.slice(0, termsAt) : consentText;
  const textAfter = termsAt >= 0 ? consentText.slice(termsAt + "SMS/Phone Opt-In Terms".length) : "";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!toE164(phone)) return setError(INVALID_PHONE_MESSAGE);
    if (!consent) return setError(CONSENT_REQUIRED_MESSAGE);
    setError(null);
    setBusy(true);
    try {
      const { contactId } = getFunnelSession();
      await postPhoneConsent({ contactId, phone, consent });
      trackAction("phone_submit", { consent: true });
      if (after === "refresh") router.refresh();
      else router.push("/schedule-call");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : PHONE_CONSENT_FAILED);
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4 text-left">
      <p className="text-slate-700">
        Enter your mobile number so we can confirm your call and reach you if plans change.
      </p>
      <div>
        <label htmlFor={phoneId} className="block font-semibold">
          Mobile phone number
        </label>
        <input
          id={phoneId}
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          required
          placeholder="(555) 123-4567"
          value={phone}
          aria-invalid={error === INVALID_PHONE_MESSAGE}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setPhone(event.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-lg focus:border-brand focus:outline-2 focus:outline-brand"
        />
      </div>
      <div className="flex items-start gap-3">
        <input
          id={consentId}
          type="checkbox"
          name="consent"
          required
          checked={consent}
          aria-invalid={error === CONSENT_REQUIRED_MESSAGE}
          onChange={(event) => setConsent(event.target.checked)}
          className="mt-1 size-5 shrink-0 accent-brand"
        />
        <label htmlFor={consentId} className="text-sm text-slate-700">
          {textBefore}
          {termsAt >= 0 && (
            <a href="/sms-phone-terms" target="_blank" rel="noopener" className="font-semibold text-brand underline">
              SMS/Phone Opt-In Terms
            </a>
          )}
          {textAfter}
        </label>
      </div>
      {error && (
        <p id={errorId} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy || !phone.trim() || !consent}
        className="w-full rounded-xl bg-brand px-6 py-3 text-lg font-bold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50"
      >
        {busy ? "Saving…" : "Continue to pick a time"}
      </button>
    </form>
  );
}
