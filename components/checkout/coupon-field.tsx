"use client";

import { useId, useState } from "react";
import { fieldClass } from "@/components/ui/text-field";

// "Have a coupon?": the server prices the code when the intent is created again with it; a refused
// code shows the server's message here and the order keeps its total.

/**
 * A checkout's coupon state: the code being tried makes a new order with it; the server's answer
 * applies it (as the server spelled it) or refuses it, and the intent without it is kept.
 */
export function useCoupon() {
  const [applied, setApplied] = useState<string | null>(null);
  const [trying, setTrying] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  return {
    applied,
    /** What the next intent is created with. */
    code: trying ?? applied,
    accepted(serverCode: string | null | undefined) {
      if (trying) setApplied(serverCode ?? trying);
      setTrying(null);
    },
    refused(message: string) {
      setRefusal(message);
      setTrying(null);
      setApplied(null);
    },
    field: {
      applied,
      trying: trying !== null,
      refusal,
      onApply: (code: string) => {
        setRefusal(null);
        setTrying(code);
      },
      onRemove: () => {
        setApplied(null);
        setRefusal(null);
      },
    },
  };
}

export function CouponField({
  applied,
  trying,
  refusal,
  onApply,
  onRemove,
}: {
  applied: string | null;
  trying: boolean;
  refusal: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const inputId = useId();
  const messageId = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");

  if (applied) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-700" data-testid="coupon-applied">
        <span>
          Coupon <strong>{applied}</strong> applied.
        </span>
        <button type="button" className="font-medium underline" onClick={onRemove}>
          Remove
        </button>
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="text-sm font-medium underline" onClick={() => setOpen(true)}>
        Have a coupon?
      </button>
    );
  }
  return (
    <form
      className="block text-sm font-medium text-slate-700"
      aria-label="Coupon"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) onApply(code.trim());
      }}
    >
      <label htmlFor={inputId}>Coupon code</label>
      <div className="flex gap-2">
        <input
          id={inputId}
          className={`${fieldClass} max-w-56 uppercase`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? messageId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button
          type="submit"
          disabled={trying || !code.trim()}
          className="mt-1 rounded-lg border border-slate-300 px-4 font-semibold disabled:opacity-60"
        >
          {trying ? "Applying…" : "Apply"}
        </button>
      </div>
      {refusal ? (
        <span id={messageId} role="alert" className="mt-1 block text-sm font-normal text-red-700">
          {refusal}
        </span>
      ) : null}
    </form>
  );
}
