"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { BookingConfirm } from "@/components/booking/booking-confirm";
import { CallSummary } from "@/components/booking/call-summary";
import { SlotPicker } from "@/components/booking/slot-picker";
import { getFunnelSession } from "@/lib/leads/client/client-session";
import { RequestFailedError } from "@/lib/platform/client/client-post";
import type { Contact } from "@/lib/leads/shared/contact-rules";
import {
  BOOKING_FAILED,
  fetchFreeSlots,
  PICK_AGAIN_CODES,
  postBooking,
  postMove,
  type SlotTimes,
} from "@/lib/booking/client/booking-api";
import { useBrowserTimeZone } from "@/lib/booking/client/visitor-time-zone";
import { groupByDay, spanLabel, zoneName } from "@/lib/booking/shared/slot-labels";

// The server records the booking, funnel step and e-mail together, so nothing is tracked from
// here. A time taken a moment earlier is refused; the refusal is read out and the list refreshed.

type Props = {
  initialSlots: SlotTimes[];
  providerEmail: string;
  needsContact: boolean;
  token?: string;
  onDone?: (call: SlotTimes) => void;
  focusOnMount?: boolean;
};

export function BookingCalendar({ initialSlots, providerEmail, needsContact, token, onDone, focusOnMount }: Props) {
  const browserZone = useBrowserTimeZone();
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const timeZone = chosenZone ?? browserZone;
  const [slots, setSlots] = useState(initialSlots);
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [picked, setPicked] = useState<SlotTimes | null>(null);
  const [booked, setBooked] = useState<SlotTimes | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pickHeading = useRef<HTMLHeadingElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const bookedHeading = useRef<HTMLHeadingElement>(null);
  const acted = useRef(Boolean(focusOnMount));
  const phase = booked ? "booked" : picked ? "confirm" : "pick";
  const days = useMemo(
    () =>
      timeZone
        ? groupByDay(
            slots.map((s) => s.start),
            timeZone,
          )
        : [],
    [slots, timeZone],
  );

  useEffect(() => {
    // Not on first render: that would jump the page.
    if (!acted.current) return;
    ({ pick: pickHeading, confirm: confirmHeading, booked: bookedHeading })[phase].current?.focus();
  }, [phase]);

  async function confirm(slot: SlotTimes, contact: Contact | null) {
    if (!timeZone) return;
    acted.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = token
        ? await postMove({ token, start: slot.start, userTimezone: timeZone })
        : await postBooking({
            contactId: getFunnelSession().contactId,
            start: slot.start,
            userTimezone: timeZone,
            ...contact,
          });
      const call = { start: result.scheduledTime, end: result.endTime };
      setBooked(call);
      onDone?.(call);
    } catch (caught) {
      if (caught instanceof RequestFailedError && caught.code && PICK_AGAIN_CODES.has(caught.code)) {
        setNotice(caught.message);
        setSlots(await fetchFreeSlots().catch(() => slots.filter((s) => s.start !== slot.start)));
        setPicked(null);
      } else {
        setError(caught instanceof Error ? caught.message : BOOKING_FAILED);
      }
    } finally {
      setBusy(false);
    }
  }

  if (!timeZone) return <p className="text-center text-slate-600">Loading the free times…</p>;
  if (booked) {
    return (
      <CallSummary
        title={token ? "Your call has moved" : "You're booked!"}
        start={booked.start}
        end={booked.end}
        timeZone={timeZone}
        preferGiven
        live
        headingRef={bookedHeading}
      >
        <p className="mt-4 font-semibold">
          Check your e-mail: the calendar invitation and a link to move or cancel are on their way.
        </p>
      </CallSummary>
    );
  }
  if (picked) {
    return (
      <BookingConfirm
        when={spanLabel(new Date(picked.start), new Date(picked.end), timeZone)}
        zone={`${zoneName(new Date(picked.start), timeZone)} (${timeZone.replaceAll("_", " ")})`}
        needsContact={needsContact && !token}
        confirmLabel={token ? "Move my call" : "Confirm booking"}
        busy={busy}
        error={error}
        onConfirm={(contact) => void confirm(picked, contact)}
        onBack={() => {
          acted.current = true;
          setPicked(null);
        }}
        headingRef={confirmHeading}
      />
    );
  }

  const selected = days.find((day) => day.key === dayKey) ?? days[0];
  return (
    <div>
      {notice && (
        <p role="alert" className="mb-6 rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-900">
          {notice}
        </p>
      )}
      {selected ? (
        <SlotPicker
          days={days}
          selected={selected}
          onSelectDay={setDayKey}
          onPick={(start) => {
            acted.current = true;
            setNotice(null);
            setPicked(slots.find((s) => s.start === start) ?? null);
          }}
          timeZone={timeZone}
          zoneName={zoneName(new Date(), timeZone)}
          onTimeZone={setChosenZone}
          headingRef={pickHeading}
        />
      ) : (
        <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-700">
          No times are free right now. E-mail us at{" "}
          <a href={`mailto:${providerEmail}`} className="font-semibold text-brand underline">
            {providerEmail}
          </a>{" "}
          and we&apos;ll find one.
        </p>
      )}
    </div>
  );
}
