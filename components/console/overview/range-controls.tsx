import { Options } from "@/components/ui/options";
import { RangePresetLinks } from "@/components/console/range-preset-links";
import { FUNNEL_SPLITS } from "@/lib/leads/shared/funnel-steps";
import { SPLIT_LABELS } from "@/lib/console/shared/console-format";
import { type OverviewParams } from "@/lib/console/shared/overview-params";

// Plain links and GET forms, so every view is a shareable URL and works without JavaScript.

const field = "rounded-md border border-slate-300 px-2 py-1.5 text-sm";
const button = "rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700";

function presetHref(days: number, split: string): string {
  const query = new URLSearchParams({ days: String(days) });
  if (split !== "none") query.set("split", split);
  return `/admin?${query.toString()}`;
}

export function RangeControls({ view }: { view: OverviewParams }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 lg:flex-row lg:items-end lg:justify-between">
      <RangePresetLinks current={view.days} hrefFor={(days) => presetHref(days, view.split)} />
      <form method="get" action="/admin" className="flex flex-wrap items-end gap-2" aria-label="Date range">
        <label className="flex flex-col text-xs font-medium text-slate-600">
          From (UTC)
          <input type="date" name="from" defaultValue={view.fromDay} required className={field} />
        </label>
        <label className="flex flex-col text-xs font-medium text-slate-600">
          To (UTC, included)
          <input type="date" name="to" defaultValue={view.toDay} required className={field} />
        </label>
        {view.split !== "none" && <input type="hidden" name="split" value={view.split} />}
        <button type="submit" className={button}>
          Show range
        </button>
      </form>
    </div>
  );
}

export function SplitForm({ view }: { view: OverviewParams }) {
  return (
    <form method="get" action="/admin" className="flex flex-wrap items-end gap-2" aria-label="Funnel split">
      {view.days === null ? (
        <>
          <input type="hidden" name="from" value={view.fromDay} />
          <input type="hidden" name="to" value={view.toDay} />
        </>
      ) : (
        <input type="hidden" name="days" value={view.days} />
      )}
      <label className="flex flex-col text-xs font-medium text-slate-600">
        Split by
        <select name="split" defaultValue={view.split} className={field}>
          <Options values={FUNNEL_SPLITS} label={(v) => SPLIT_LABELS[v]} />
        </select>
      </label>
      <button type="submit" className={button}>
        Apply
      </button>
    </form>
  );
}
