"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type SyntheticEvent } from "react";
import { CelebrateButton } from "@/components/offers/celebrate-button";
import { TEAM, teamDiscountPercent, type SalesPrices } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import {
  clampSeats,
  teamCheckout,
  TEAM_SEATS_MAX,
  TEAM_SEATS_MIN,
  TEAM_TEST_CHECKOUT,
} from "@/lib/offers/shared/offer-links";
import { initialPlayedTime, onPlayback, orderBoxVisible, type PlayedTime } from "@/lib/offers/shared/played-time";
import { postOfferView } from "@/lib/offers/client/offer-view-client";
import { initialTripleClick, registerClick } from "@/lib/offers/shared/triple-click";

// Revealed after 305 s of actual playback, so seeking to the end does not unlock it.

type TeamVideoOfferProps = {
  videoUrl: string;
  testPurchases: boolean;
  /** The bundled sample is seconds long; looping lets 305 s of playback happen locally. */
  loop: boolean;
  /** The catalog's current prices, read by the server. */
  prices: SalesPrices;
};

export function TeamVideoOffer({ videoUrl, testPurchases, loop, prices }: TeamVideoOfferProps) {
  const router = useRouter();
  const played = useRef<PlayedTime>(initialPlayedTime);
  const clicks = useRef(initialTripleClick);
  const [showOrder, setShowOrder] = useState(false);
  const [seats, setSeats] = useState(1);

  useEffect(() => {
    const controller = new AbortController();
    void postOfferView("team", controller.signal);
    return () => controller.abort();
  }, []);

  const feed = (event: SyntheticEvent<HTMLVideoElement>) => {
    const video = event.currentTarget;
    const t = video.currentTime;
    const type = event.type;
    played.current =
      type === "seeking"
        ? onPlayback(played.current, { type })
        : type === "timeupdate"
          ? onPlayback(played.current, {
              type,
              currentTime: t,
              paused: video.paused,
              playbackRate: video.playbackRate,
            })
          : type === "play" || type === "pause" || type === "seeked" || type === "ended"
            ? onPlayback(played.current, { type, currentTime: t })
            : played.current;
    if (!showOrder && orderBoxVisible(played.current)) setShowOrder(true);
  };

  return (
    <>
      <div className="overflow-hidden rounded-2xl bg-black shadow-xl">
        <video
          className="aspect-video w-full"
          src={videoUrl}
          controls
          loop={loop}
          playsInline
          preload="metadata"
          aria-label="Team training presentation video"
          onPlay={feed}
          onPause={feed}
          onTimeUpdate={feed}
          onSeeking={feed}
          onSeeked={feed}
          onEnded={feed}
        />
      </div>
      {!showOrder && (
        <p className="mt-4 text-center text-sm text-slate-500">
          Watch the presentation — your team&apos;s order form opens after the first five minutes of the video.
        </p>
      )}
      {showOrder && (
        <section
          aria-labelledby="team-order-heading"
          className="mt-8 rounded-2xl border-2 border-brand bg-white p-6 shadow-lg sm:p-8"
        >
          <h2 id="team-order-heading" className="text-2xl font-extrabold">
            Enroll your team
          </h2>
          <p className="mt-2 text-slate-700">
            <span className="line-through">{formatUsd(prices.team.normalSeatPrice)}</span> per employee ·{" "}
            <strong className="text-brand">{formatUsd(prices.team.seatPrice)} per seat per month</strong> (
            {teamDiscountPercent(prices)}% off) · {TEAM.programDays}-day program · {TEAM.roiGuaranteeDays}-day ROI
            guarantee
          </p>
          <div className="mt-5 flex items-center gap-3">
            <span id="team-size-label" className="font-semibold">
              Team size
            </span>
            <button
              type="button"
              aria-label="Remove a seat"
              disabled={seats <= TEAM_SEATS_MIN}
              onClick={() => setSeats((n) => clampSeats(n - 1))}
              className="size-10 rounded-full border border-slate-300 text-xl font-bold disabled:opacity-40"
            >
              −
            </button>
            <input
              type="number"
              inputMode="numeric"
              aria-labelledby="team-size-label"
              min={TEAM_SEATS_MIN}
              max={TEAM_SEATS_MAX}
              value={seats}
              onChange={(event) => setSeats(clampSeats(Number(event.target.value)))}
              className="w-20 rounded-lg border border-slate-300 px-3 py-2 text-center text-lg font-bold"
            />
            <button
              type="button"
              aria-label="Add a seat"
              disabled={seats >= TEAM_SEATS_MAX}
              onClick={() => setSeats((n) => clampSeats(n + 1))}
              className="size-10 rounded-full border border-slate-300 text-xl font-bold disabled:opacity-40"
            >
              +
            </button>
          </div>
          <p className="mt-3 text-lg">
            Total: <strong>${(seats * 500).toLocaleString("en-US")}</strong> per month
          </p>
          <CelebrateButton
            href={teamCheckout(seats)}
            trackingLabel="team-add-to-order"
            className="mt-5 w-full rounded-xl bg-brand px-6 py-4 text-lg font-extrabold text-white shadow-lg hover:bg-brand-dark disabled:opacity-70"
          >
            Add to My Order
          </CelebrateButton>
          <a href="/paid" className="mt-4 block text-center text-slate-600 underline hover:text-slate-900">
            No thanks, continue to my book download
          </a>
        </section>
      )}
      {testPurchases && (
        <div
          aria-hidden="true"
          data-testid="test-purchase-area"
          className="fixed right-0 bottom-0 z-50 size-12"
          onClick={() => {
            const result = registerClick(clicks.current, performance.now());
            clicks.current = result.state;
            if (result.triggered) router.push(TEAM_TEST_CHECKOUT);
          }}
        />
      )}
    </>
  );
}
