"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { CheckoutOverlay } from "@/components/offers/celebrate-button";
import { leaveForCheckout, type Buyer } from "@/lib/offers/client/leave-for-checkout";
import { formatClock, stateAfter, type CountdownState } from "@/lib/offers/shared/countdown";
import { timesUpTarget } from "@/lib/offers/shared/offer-links";
import { postOfferView } from "@/lib/offers/client/offer-view-client";
import type { OfferVariant } from "@/lib/experiments/shared/offer-variant";
import { trackAction } from "@/lib/leads/client/track-action";
import type { SalesPrices } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";

// Each tick re-derives the time left from the server's start instant, so a reload continues it.

type OfferCountdownProps = {
  variant: OfferVariant;
  initialElapsedMs: number | null;
  buyer?: Buyer;
  /** The catalog's current prices, read by the server. */
  prices: SalesPrices;
};

export function OfferCountdown({ variant, initialElapsedMs, buyer, prices }: OfferCountdownProps) {
  const router = useRouter();
  const startRef = useRef<number | null>(null);
  const [state, setState] = useState<CountdownState>(() => stateAfter(initialElapsedMs ?? 0));
  const [leaving, setLeaving] = useState(false);
  const [synced, setSynced] = useState(false);

  useEffect(() => {
    startRef.current = Date.now() - (initialElapsedMs ?? 0);
    const update = () => {
      if (startRef.current !== null) setState(stateAfter(Date.now() - startRef.current));
    };
    const timer = window.setInterval(update, 1000);
    const controller = new AbortController();
    void postOfferView(variant, controller.signal).then((elapsed) => {
      if (elapsed === null || controller.signal.aborted) return;
      startRef.current = Date.now() - elapsed;
      update();
      setSynced(true);
    });
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [variant, initialElapsedMs]);

  const tone = state.pulsing ? "pulsing" : state.urgent ? "urgent" : "calm";
  return (
    <>
      <div
        className={`sticky top-0 z-40 px-4 py-3 text-center text-white shadow-md transition-colors ${
          state.urgent ? "bg-red-600" : "bg-slate-900"
        }`}
        data-countdown={tone}
        data-synced={synced}
      >
        <p className="text-sm font-semibold sm:text-base">
          This one-time offer disappears when the timer hits zero.{" "}
          <span
            role="timer"
            aria-label="Time left on this offer"
            className={`ml-1 inline-block rounded-md bg-white/15 px-2 py-0.5 font-mono text-lg font-extrabold tabular-nums ${
              state.pulsing ? "animate-pulse" : ""
            }`}
          >
            {formatClock(state.remaining)}
          </span>
        </p>
      </div>
      <Dialog open={state.finished} onClose={() => undefined} dismissible={false} title="Time's Up!">
        <div className="mt-3 space-y-4 text-slate-700">
          <p>
            Your 7-minute window has closed. We can hold your reserved spot for a moment longer — after that it goes to
            the next person on the list.
          </p>
          <p className="font-semibold text-slate-900">
            Do you still want AI Step By Step for {formatUsd(prices.course.offerPrice)} instead of{" "}
            {formatUsd(prices.course.regularPrice)}?
          </p>
          <button
            type="button"
            disabled={leaving}
            className="w-full rounded-xl bg-brand px-6 py-4 text-lg font-extrabold text-white shadow-lg hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-70"
            onClick={() => {
              setLeaving(true);
              const target = timesUpTarget(variant);
              trackAction("checkout_click", { target, button: "times-up-yes" });
              void leaveForCheckout(target, buyer, () => router.push(target)).then((left) => {
                if (!left) setLeaving(false);
              });
            }}
          >
            YES! Hold My Spot
          </button>
          <a href="/paid" className="block text-center text-sm text-slate-500 underline hover:text-slate-700">
            No thanks, I&apos;ll pass on this offer
          </a>
        </div>
      </Dialog>
      {leaving && <CheckoutOverlay />}
    </>
  );
}
