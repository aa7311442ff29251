"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { celebrateThen, fireConfetti } from "@/lib/offers/confetti";
import { trackAction } from "@/lib/tracking/client";

// An offer button: confetti, then (when it has a destination) checkout 500 ms later (spec §4).
// Buttons without a destination only celebrate.

type CelebrateButtonProps = {
  children: ReactNode;
  /** Checkout URL from lib/offers/offer-links.ts; omitted for confetti-only buttons. */
  href?: string;
  /** Recorded with the step 6 checkout_click event. */
  trackingLabel?: string;
  onCelebrate?: () => void;
  className?: string;
};

export function CelebrateButton({ children, href, trackingLabel, onCelebrate, className = "" }: CelebrateButtonProps) {
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  return (
    <button
      type="button"
      disabled={leaving}
      aria-busy={leaving}
      className={className}
      onClick={() => {
        onCelebrate?.();
        if (!href) {
          fireConfetti();
          return;
        }
        setLeaving(true);
        trackAction(6, "checkout_click", { target: href, button: trackingLabel ?? "offer" });
        celebrateThen(() => router.push(href));
      }}
    >
      {children}
    </button>
  );
}
