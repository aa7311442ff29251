"use client";

import { Options } from "@/components/ui/options";
import { useId, type Ref } from "react";
import { knownTimeZones } from "@/lib/booking/client/visitor-time-zone";
import type { DayGroup } from "@/lib/booking/shared/slot-labels";

// Every day and time is a Tab stop, and each time's name carries its day. On a phone the days are
// one scrolling row (a grid pushed the times below the fold).

type Props = {
  days: DayGroup[];
  selected: DayGroup;
  onSelectDay: (key: string) => void;
  onPick: (start: string) => void;
  timeZone: string;
  zoneName: string;
  onTimeZone: (zone: string) => void;
  headingRef: Ref<HTMLHeadingElement>;
};

const DAY_BUTTON =
  "relative shrink-0 snap-start whitespace-nowrap rounded-xl border-2 px-3 py-2 text-left transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand";
const SLOT_BUTTON =
  "min-h-11 whitespace-nowrap rounded-xl border-2 border-slate-300 bg-white px-3 py-2 font-semibold text-ink transition hover:border-brand hover:text-brand focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand";

export function SlotPicker({ days, selected, onSelectDay, onPick, timeZone, zoneName, onTimeZone, headingRef }: Props) {
  const headingId = useId();
  const zoneId = useId();
  const timesId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
          Pick a day and time
        </h2>
        <div className="text-sm">
          <label htmlFor={zoneId} className="block font-medium text-slate-700">
            Your time zone
          </label>
          <select
            id={zoneId}
            value={timeZone}
            onChange={(event) => onTimeZone(event.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:w-72"
          >
            <Options values={knownTimeZones(timeZone)} label={(zone) => zone.replaceAll("_", " ")} />
          </select>
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Times are shown in {zoneName} ({timeZone.replaceAll("_", " ")}).
      </p>
      <div
        role="group"
        aria-label="Days with free times"
        className="mt-3 -mx-1.5 flex snap-x scroll-px-1.5 gap-2 overflow-x-auto p-1.5 sm:mx-0 sm:mt-4 sm:grid sm:grid-cols-4 sm:overflow-visible sm:p-0 lg:grid-cols-5"
      >
        {days.map((day) => {
          const pressed = day.key === selected.key;
          return (
            <button
              key={day.key}
              type="button"
              data-day={day.key}
              aria-pressed={pressed}
              onClick={() => onSelectDay(day.key)}
              className={`${DAY_BUTTON} ${pressed ? "border-brand bg-red-50 text-ink" : "border-slate-200 bg-white text-slate-700 hover:border-slate-400"}`}
            >
              <span className="block text-sm">{day.weekday}</span>
              <span className="block font-bold">{day.date}</span>
              <span className="sr-only">
                , {day.slots.length} free {day.slots.length === 1 ? "time" : "times"}
              </span>
            </button>
          );
        })}
      </div>
      <h3 id={timesId} className="mt-6 font-bold">
        Free times on {selected.label}
      </h3>
      <div
        role="group"
        aria-labelledby={timesId}
        className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-2 sm:grid-cols-4"
      >
        {selected.slots.map((slot) => (
          <button
            key={slot.start}
            type="button"
            data-start={slot.start}
            aria-label={slot.label}
            onClick={() => onPick(slot.start)}
            className={SLOT_BUTTON}
          >
            {slot.time}
          </button>
        ))}
      </div>
    </section>
  );
}
