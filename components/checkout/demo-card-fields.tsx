"use client";

import { TextField } from "@/components/ui/text-field";

// The demo gateway's card fields, for the checkout and the billing page's card update alike.

export type DemoCard = { number: string; expiry: string; cvc: string };

export const EMPTY_DEMO_CARD: DemoCard = { number: "", expiry: "", cvc: "" };

const FIELDS: { key: keyof DemoCard; label: string; autoComplete: string; placeholder: string; wide?: boolean }[] = [
  { key: "number", label: "Card number", autoComplete: "cc-number", placeholder: "1234 1234 1234 1234", wide: true },
  { key: "expiry", label: "Expiry (MM / YY)", autoComplete: "cc-exp", placeholder: "MM / YY" },
  { key: "cvc", label: "CVC", autoComplete: "cc-csc", placeholder: "CVC" },
];

export function DemoCardFields({ card, onChange }: { card: DemoCard; onChange: (card: DemoCard) => void }) {
  return (
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
          onChange={(e) => onChange({ ...card, [field.key]: e.target.value })}
          required
        />
      ))}
    </div>
  );
}
