import type { Metadata } from "next";
import { connection } from "next/server";
import { ScheduleCallButton } from "@/components/booking/phone-consent-modal";
import { getConfig } from "@/lib/platform/server/config";
import { phoneConsentText } from "@/lib/booking/shared/consent-text";

// Phone and consent first (docs/product.md#booking).

export const metadata: Metadata = {
  title: "Free AI strategy call",
  description:
    "Watch how the RACE Framework finds the AI opportunities in your business, then book a free AI strategy call.",
};

export default async function StrategyCallPage() {
  // Provider name and video URL are run-time configuration, not build-time constants.
  await connection();
  const config = getConfig();
  return (
    <main id="main" className="mx-auto max-w-4xl px-5 py-10 sm:py-14">
      <p className="text-center text-sm font-bold tracking-widest text-brand uppercase">Free AI strategy call</p>
      <h1 className="mt-3 text-center text-3xl font-extrabold tracking-tight sm:text-5xl">
        Find the one process AI should fix first
      </h1>
      <p className="mx-auto mt-5 max-w-2xl text-center text-lg text-slate-700">
        In this short video we rank a real company&apos;s processes with the RACE Framework. On a free call we do the
        same for yours: which step to automate first, what it is worth, and what it takes to embed it.
      </p>
      <div className="mt-8 overflow-hidden rounded-2xl bg-black shadow-xl">
        <video
          className="aspect-video w-full"
          src={config.VIDEO_URL}
          controls
          playsInline
          preload="metadata"
          aria-label="Strategy call introduction video"
        />
      </div>
      <div className="mt-10 text-center">
        <ScheduleCallButton consentText={phoneConsentText(config.PROVIDER_NAME)} />
        <p className="mt-3 text-sm text-slate-500">30 minutes · no cost · no obligation</p>
      </div>
    </main>
  );
}
