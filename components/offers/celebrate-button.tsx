"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { fireConfetti, stopConfetti } from "@/lib/offers/client/confetti";
import { leaveForCheckout, type Buyer } from "@/lib/offers/client/leave-for-checkout";
import { trackAction } from "@/lib/leads/client/track-action";

type CelebrateButtonProps = {
  children: ReactNode;
  href?: string;
  trackingLabel?: string;
  onCelebrate?: () => void;
  /** With it, the payment intent is created before leaving. */
  buyer?: Buyer;
  className?: string;
};

export function CelebrateButton({
  children,
  href,
  trackingLabel,
  onCelebrate,
  buyer,
  className = "",
}: CelebrateButtonProps) {
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  // Leaving the offer any other way ends the celebration too.
  useEffect(() => stopConfetti, []);
  return (
    <>
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
          trackAction("checkout_click", { target: href, button: trackingLabel ?? "offer" });
          void leaveForCheckout(href, buyer, () => router.push(href)).then((left) => {
            if (!left) setLeaving(false);
          });
        }}
      >
        {children}
      </button>
      {leaving && <CheckoutOverlay />}
    </>
  );
}

export function CheckoutOverlay() {
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/70 backdrop-blur-sm"
      data-testid="checkout-overlay"
    >
      <p className="rounded-xl bg-white px-6 py-4 text-lg font-bold text-slate-900 shadow-xl">
        Preparing your secure checkout…
      </p>
    </div>
  );
}
