"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/text-field";
import { FORM_BUTTON } from "@/components/site/cta-styles";
import { post } from "@/lib/platform/client/client-post";

// The demo gateway's card form for a subscription, signed in (subscriptionId) or from a dunning
// e-mail's link (token). The server decides everything; the page only shows its answer.

type Target = { subscriptionId: string } | { token: string };
type Answer = { last4: string; status: string; overduePaid: boolean; overdueDeclined: boolean };

const isAnswer = (body: unknown): body is Answer =>
  typeof body === "object" && body !== null && "last4" in body && "status" in body;

type CardField = "number" | "expiry" | "cvc";
const FIELDS: { key: CardField; label: string; autoComplete: string; placeholder: string; wide?: boolean }[] = [
  { key: "number", label: "Card number", autoComplete: "cc-number", placeholder: "1234 1234 1234 1234", wide: true },
  { key: "expiry", label: "Expiry (MM / YY)", autoComplete: "cc-exp", placeholder: "MM / YY" },
  { key: "cvc", label: "CVC", autoComplete: "cc-csc", placeholder: "CVC" },
];

function outcomeText(answer: Answer): string {
  const saved = `Your card ending ${answer.last4} is saved.`;
  if (answer.overduePaid) return `${saved} The overdue payment went through and your subscription is active.`;
  if (answer.overdueDeclined) return `${saved} The overdue payment was declined on it; please try another card.`;
  return saved;
}

export function CardUpdateForm(target: Target) {
  const router = useRouter();
  const [card, setCard] = useState<Record<CardField, string>>({ number: "", expiry: "", cvc: "" });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const path = "token" in target ? "/api/billing/card-link" : "/api/billing/card";
    try {
      const answer = await post(path, { ...target, card }, isAnswer, "Saving the card did not work. Please try again.");
      setMessage({ ok: !answer.overdueDeclined, text: outcomeText(answer) });
      setCard({ number: "", expiry: "", cvc: "" });
      router.refresh();
    } catch (failure) {
      setMessage({ ok: false, text: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Update card" noValidate className="mt-3">
      <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Demo payments: use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined), any future expiry and any
        CVC.
      </p>
      <div className="grid grid-cols-2 gap-3">
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            labelClassName={field.wide ? "col-span-2" : undefined}
            inputMode="numeric"
            autoComplete={field.autoComplete}
            placeholder={field.placeholder}
            value={card[field.key]}
            onChange={(e) => setCard({ ...card, [field.key]: e.target.value })}
            required
          />
        ))}
      </div>
      <button type="submit" className={`${FORM_BUTTON} mt-4 w-full sm:w-auto`} disabled={busy}>
        {busy ? "Saving..." : "Save card"}
      </button>
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
