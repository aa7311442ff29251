import { Options } from "@/components/ui/options";
import Link from "next/link";
import { LEAD_TRACKS, NO_SOURCE, type LeadFilter } from "@/lib/leads/shared/lead-filter";
import { isoDay } from "@/lib/shared/dates";
import { FlaggedSelect } from "@/components/console/flagged-select";

// The filter lives in the address bar, so a search can be linked and the exports read the same parameters.

const field = "w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";
const labelClass = "flex flex-col gap-1 text-xs font-medium text-slate-600";
const day = (date: Date | undefined) => (date ? isoDay(date) : "");

export const TRACK_LABELS: Record<(typeof LEAD_TRACKS)[number], string> = {
  BUSINESS_OWNER: "Business owner",
  NON_OWNER: "Not an owner",
};

export function LeadFilterForm({ filter }: { filter: LeadFilter }) {
  return (
    <form
      method="get"
      action="/admin/leads"
      aria-label="Filter leads"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      <label className={`${labelClass} sm:col-span-2`}>
        Name or e-mail contains
        <input type="search" name="q" defaultValue={filter.q ?? ""} minLength={3} maxLength={100} className={field} />
      </label>
      <label className={labelClass}>
        Created from (UTC)
        <input type="date" name="from" defaultValue={day(filter.from)} className={field} />
      </label>
      <label className={labelClass}>
        Created to (UTC, included)
        <input type="date" name="to" defaultValue={day(filter.to)} className={field} />
      </label>
      <label className={labelClass}>
        Qualified
        <select name="qualified" defaultValue={filter.qualified ?? ""} className={field}>
          <option value="">Any</option>
          <option value="yes">Yes</option>
          <option value="no">No (or no survey)</option>
        </select>
      </label>
      <label className={labelClass}>
        Track
        <select name="track" defaultValue={filter.track ?? ""} className={field}>
          <option value="">Any</option>
          <Options values={LEAD_TRACKS} label={(v) => TRACK_LABELS[v]} />
        </select>
      </label>
      <label className={labelClass}>
        First-touch source
        <input
          name="source"
          defaultValue={filter.source ?? ""}
          placeholder={`e.g. google, ${NO_SOURCE}`}
          maxLength={100}
          className={field}
        />
      </label>
      <FlaggedSelect value={filter.flagged} className={field} labelClass={labelClass} />
      <div className="flex items-end gap-2">
        <button
          type="submit"
          className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700"
        >
          Search
        </button>
        <Link href="/admin/leads" className="rounded-md px-3 py-1.5 text-sm text-slate-700 underline">
          Clear
        </Link>
      </div>
    </form>
  );
}
