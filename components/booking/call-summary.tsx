"use client";

import type { ReactNode, Ref } from "react";
import { useBrowserTimeZone } from "@/lib/booking/client/visitor-time-zone";
import { spanLabel, zoneName } from "@/lib/booking/shared/slot-labels";

// `live` announces the confirmation after booking.

type Props = {
  title: string;
  start: string;
  end: string;
  /** Before the browser's is known, or when the visitor picked one. */
  timeZone: string;
  preferGiven?: boolean;
  live?: boolean;
  tone?: "success" | "neutral";
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
};

export function CallSummary({ title, start, end, timeZone, preferGiven, live, tone, headingRef, children }: Props) {
  const browserZone = useBrowserTimeZone();
  const zone = preferGiven ? timeZone : (browserZone ?? timeZone);
  const startsAt = new Date(start);
  const colours =
    tone === "neutral" ? "border-slate-200 bg-slate-50" : "border-emerald-200 bg-emerald-50 text-emerald-950";
  return (
    <div
      role={live ? "status" : undefined}
      className={`mx-auto max-w-xl rounded-2xl border p-6 text-center ${colours}`}
    >
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold focus:outline-none">
        {title}
      </h2>
      <p className="mt-3 text-lg font-semibold">{spanLabel(startsAt, new Date(end), zone)}</p>
      <p className="text-sm">
        {zoneName(startsAt, zone)} ({zone.replaceAll("_", " ")})
      </p>
      {children}
    </div>
  );
}
