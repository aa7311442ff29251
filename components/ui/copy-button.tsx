"use client";

import { useEffect, useRef, useState } from "react";

// Where the clipboard is refused the value is selected instead, so it can be copied by hand.

type Outcome = "idle" | "copied" | "selected";

export function CopyButton({ value, label, targetId }: { value: string; label: string; targetId: string }) {
  const [outcome, setOutcome] = useState<Outcome>("idle");
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    let next: Outcome = "copied";
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      next = "selected";
      const target = document.getElementById(targetId);
      const selection = window.getSelection();
      if (target && selection) {
        const range = document.createRange();
        range.selectNodeContents(target);
        selection.removeAllRanges();
        selection.addRange(range);
      }
    }
    setOutcome(next);
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOutcome("idle"), 4_000);
  }

  return (
    // So the button stays put.
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <button
        type="button"
        aria-label={label}
        onClick={() => void copy()}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        Copy
      </button>
      <span role="status" className="text-sm font-semibold text-emerald-800">
        {outcome === "copied" ? "Copied" : outcome === "selected" ? "Selected: press Ctrl+C (⌘C) to copy" : ""}
      </span>
    </span>
  );
}
