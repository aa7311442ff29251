"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { post } from "@/lib/platform/client/client-post";
import { knownTimeZones, useBrowserTimeZone } from "@/lib/booking/client/visitor-time-zone";
import { usePendingAction } from "@/components/console/use-pending-action";

// The operator's own zone for every console date. Until they choose, the browser's zone is offered
// and the configured default applies.

type Props = { chosen: string | null; fallback: string };

const button = "min-h-11 rounded-md px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50";
const failed = "The time zone was not saved.";

export function TimeZoneSetting({ chosen, fallback }: Props) {
  const router = useRouter();
  const browserZone = useBrowserTimeZone();
  const { pending, error, run } = usePendingAction();
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? chosen ?? browserZone ?? fallback;
  const save = (timeZone: string | null) =>
    run(async () => {
      await post("/api/admin/settings/time-zone", { timeZone }, null, failed);
      setPicked(null);
      router.refresh();
    }, failed);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p data-testid="time-zone-current">
        {chosen
          ? `Console dates are shown in ${chosen.replaceAll("_", " ")}.`
          : `Console dates are shown in the default zone, ${fallback.replaceAll("_", " ")}.`}{" "}
        Date filters and per-day reports still count UTC days.
      </p>
      {!chosen && browserZone && browserZone !== fallback && (
        <p data-testid="time-zone-offer">Your browser is in {browserZone.replaceAll("_", " ")}: save it to use it.</p>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label="Choose your time zone"
        onSubmit={(event) => {
          event.preventDefault();
          void save(value);
        }}
      >
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          Time zone
          <select
            value={value}
            onChange={(event) => setPicked(event.target.value)}
            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            {knownTimeZones(value).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={pending} className={`${button} bg-slate-900 text-white`}>
          Save time zone
        </button>
        {chosen && (
          <button
            type="button"
            disabled={pending}
            onClick={() => void save(null)}
            className={`${button} border border-slate-300 bg-white`}
          >
            Use the default
          </button>
        )}
      </form>
      <p role="status" className="text-red-700" data-testid="time-zone-status">
        {error ?? ""}
      </p>
    </div>
  );
}
