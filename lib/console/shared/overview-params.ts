// Any view can be linked or bookmarked. Bad input falls back to the default with a message.
import { FUNNEL_SPLITS, type FunnelSplit } from "@/lib/leads/shared/funnel-steps";

import { reportRangeSchema, type ReportRange } from "@/lib/shared/report-range";
import { DAY_MS, isoDay, floorDay, parseDay } from "@/lib/shared/dates";

export const RANGE_PRESETS = [7, 30, 90, 365] as const;
export const DEFAULT_PRESET = 30;

export type SearchParams = Record<string, string | string[] | undefined>;

export type OverviewParams = {
  range: ReportRange;
  days: number | null;
  fromDay: string;
  toDay: string;
  split: FunnelSplit;
  error: string | null;
};

export const firstParam = (params: SearchParams, key: string): string | undefined => {
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
};

function presetRange(days: number, now: Date): ReportRange {
  // Whole UTC days, so the leads-per-day chart has no partial first bar.
  const to = new Date(floorDay(now.getTime()) + DAY_MS);
  return { from: new Date(to.getTime() - days * DAY_MS), to };
}

function view(range: ReportRange, days: number | null, split: FunnelSplit, error: string | null): OverviewParams {
  return {
    range,
    days,
    fromDay: isoDay(range.from),
    toDay: isoDay(new Date(range.to.getTime() - DAY_MS)),
    split,
    error,
  };
}

export function parseOverviewParams(params: SearchParams, now: Date = new Date()): OverviewParams {
  const rawSplit = firstParam(params, "split");
  const split = FUNNEL_SPLITS.find((s) => s === rawSplit) ?? "none";
  const fromRaw = firstParam(params, "from");
  const toRaw = firstParam(params, "to");
  if (fromRaw || toRaw) {
    const from = parseDay(fromRaw);
    const lastDay = parseDay(toRaw);
    if (!from || !lastDay)
      return view(presetRange(DEFAULT_PRESET, now), DEFAULT_PRESET, split, "Enter both days as YYYY-MM-DD.");
    const parsed = reportRangeSchema.safeParse({ from, to: new Date(lastDay.getTime() + DAY_MS) });
    if (!parsed.success)
      return view(
        presetRange(DEFAULT_PRESET, now),
        DEFAULT_PRESET,
        split,
        `Range not shown: ${parsed.error.issues[0]?.message ?? "invalid"}.`,
      );
    return view(parsed.data, null, split, null);
  }
  const days = RANGE_PRESETS.find((d) => String(d) === firstParam(params, "days")) ?? DEFAULT_PRESET;
  return view(presetRange(days, now), days, split, null);
}
