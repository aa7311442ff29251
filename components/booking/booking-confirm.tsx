"use client";

import { useState, type FormEvent, type Ref } from "react";
import { CTA_PRIMARY, CTA_SECONDARY } from "@/components/site/cta-styles";
import { BoundTextField, EmailField } from "@/components/ui/text-field";
import { contactProblem, type Contact } from "@/lib/leads/shared/contact-rules";

type Props = {
  when: string;
  zone: string;
  needsContact: boolean;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: (contact: Contact | null) => void;
  onBack: () => void;
  headingRef: Ref<HTMLHeadingElement>;
};

export function BookingConfirm({
  when,
  zone,
  needsContact,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onBack,
  headingRef,
}: Props) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (needsContact) {
      const found = contactProblem(name, email);
      setProblem(found);
      if (found) return;
    }
    onConfirm(needsContact ? { name: name.trim(), email: email.trim() } : null);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        Confirm your call
      </h2>
      <p className="mt-3 text-lg font-semibold text-ink">{when}</p>
      <p className="text-sm text-slate-600">{zone}</p>
      {needsContact && (
        <div className="mt-5 space-y-4">
          <p className="text-slate-700">Where should we send the calendar invitation?</p>
          <BoundTextField label="Name" name="name" autoComplete="name" value={name} onValue={setName} />
          <EmailField name="email" value={email} onValue={setEmail} />
        </div>
      )}
      {shown && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
          {shown}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
        <button
          type="submit"
          disabled={busy}
          className={`${CTA_PRIMARY} disabled:cursor-not-allowed disabled:opacity-60`}
        >
          {busy ? "Booking…" : confirmLabel}
        </button>
        <button type="button" onClick={onBack} disabled={busy} className={CTA_SECONDARY}>
          Pick another time
        </button>
      </div>
    </form>
  );
}
