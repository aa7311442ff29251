"use client";

import { useEffect, useRef, useState } from "react";
import { getFunnelSession } from "@/lib/leads/client/client-session";
import { parseBookedMessage } from "@/lib/booking/shared/booking-message";
import { postScheduledCall } from "@/lib/booking/client/client-api";
import { browserTimeZone } from "@/lib/booking/client/visitor-time-zone";
import { trackAction } from "@/lib/leads/client/track-action";

// Only messages from the widget's own origin AND frame are believed: any page can postMessage to us.

type Props = { src: string; origin: string };

export function BookingWidget({ src, origin }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const seen = useRef(new Set<string>());
  const [status, setStatus] = useState<"idle" | "booked" | "error">("idle");

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.source !== frame.current?.contentWindow) return;
      const booking = parseBookedMessage(event.origin, origin, event.data);
      if (!booking || seen.current.has(booking.eventId)) return;
      seen.current.add(booking.eventId);
      const { contactId } = getFunnelSession();
      trackAction("booking_scheduled", { eventId: booking.eventId });
      postScheduledCall({
        contactId,
        eventId: booking.eventId,
        scheduledTime: booking.scheduledTime,
        eventType: booking.eventType,
        userTimezone: browserTimeZone(),
      })
        .then(() => setStatus("booked"))
        .catch(() => setStatus("error"));
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [origin]);

  return (
    <div>
      {status === "booked" && (
        <p role="status" className="mb-4 rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          You&apos;re booked! Check your e-mail for the calendar invitation.
        </p>
      )}
      {status === "error" && (
        <p role="alert" className="mb-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
          Your booking is confirmed by the calendar, but we could not note it on our side. No need to book again.
        </p>
      )}
      <iframe
        ref={frame}
        src={src}
        title="Pick a time for your free AI strategy call"
        className="h-[700px] w-full rounded-2xl border border-slate-200 bg-white"
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
