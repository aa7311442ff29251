"use client";

import { useId, useState } from "react";
import { fieldClass } from "@/components/ui/text-field";
import type { QuantityKind } from "@/lib/payments/shared/quantity-limits";

// Products with one sensible amount show no field. The typed text is kept while editing, so
// clearing the field to type "3" does not snap it to 1 first.

export function QuantityField({
  kind,
  value,
  min,
  max,
  onChange,
}: {
  kind: QuantityKind;
  value: number;
  min: number;
  max: number;
  onChange: (next: number) => void;
}) {
  const hintId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  if (kind === "single" || max <= min) return null;
  const label = kind === "seats" ? "Number of seats" : "Quantity";
  const unit = kind === "seats" ? "seats" : "copies";
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <input
        className={`${fieldClass} max-w-32`}
        type="number"
        min={min}
        max={max}
        step={1}
        inputMode="numeric"
        aria-describedby={hintId}
        value={draft ?? String(value)}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const next = Number(text);
          if (text.trim() === "" || !Number.isInteger(next)) return;
          if (next > max) setDraft(null);
          onChange(Math.min(max, Math.max(min, next)));
        }}
        onBlur={() => setDraft(null)}
      />
      <span id={hintId} className="mt-1 block text-xs font-normal text-slate-600">
        {kind === "copies"
          ? `Copies for your team or as gifts: up to ${max.toLocaleString("en-US")} ${unit} per order.`
          : `${min} to ${max.toLocaleString("en-US")} ${unit} per order.`}
      </span>
    </label>
  );
}
