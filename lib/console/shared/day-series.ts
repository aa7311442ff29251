// Pure: the console's charts and their tables read the same per-day series, every day listed.
import { DAY_MS, floorDay, isoDay } from "@/lib/shared/dates";
import type { ReportRange } from "@/lib/shared/report-range";

export type DayValue = { day: string; value: number };
export type TrendDay = { day: string; value: number; previousDay: string; previous: number };
export type Trend = { days: TrendDay[]; total: number; previousTotal: number };

/** The same length, ending where `range` begins. */
export function previousRange(range: ReportRange): ReportRange {
  return { from: new Date(2 * range.from.getTime() - range.to.getTime()), to: range.from };
}

/** Every UTC day that [from, to) touches, as "YYYY-MM-DD". */
export function dayKeys(range: ReportRange): string[] {
  const days: string[] = [];
  for (let day = floorDay(range.from.getTime()); day < range.to.getTime(); day += DAY_MS) {
    days.push(isoDay(new Date(day)));
  }
  return days;
}

/** Days the rows do not name are 0; rows outside the days are left out. */
export function fillDays(days: readonly string[], rows: readonly DayValue[]): DayValue[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.value);
  return days.map((day) => ({ day, value: byDay.get(day) ?? 0 }));
}

/**
 * Pairs each day of `range` with the day as far into the previous period, from rows covering
 * both (whole UTC days, as the overview's ranges are).
 */
export function trendOf(range: ReportRange, rows: readonly DayValue[]): Trend {
  const current = fillDays(dayKeys(range), rows);
  const previous = fillDays(dayKeys(previousRange(range)), rows);
  const days = current.map((c, i) => ({
    day: c.day,
    value: c.value,
    previousDay: previous[i]?.day ?? "",
    previous: previous[i]?.value ?? 0,
  }));
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
  return { days, total: sum(current.map((d) => d.value)), previousTotal: sum(previous.map((d) => d.value)) };
}

/** The numbers a chart of `trend` shows, in words, for its accessible description. */
export function trendSummary(trend: Trend, format: (value: number) => string): string {
  const peak = trend.days.reduce<TrendDay | null>((best, d) => (best && best.value >= d.value ? best : d), null);
  const first = trend.days[0];
  const last = trend.days.at(-1);
  const change =
    trend.previousTotal === 0
      ? "the previous period had none"
      : `${trend.total >= trend.previousTotal ? "up" : "down"} ${Math.round(
          (Math.abs(trend.total - trend.previousTotal) / Math.abs(trend.previousTotal)) * 100,
        )} % on the previous period`;
  return (
    `${format(trend.total)} in all` +
    (peak && peak.value > 0 ? `, most on ${peak.day} (${format(peak.value)})` : "") +
    `; previous period ${first?.previousDay ?? ""} to ${last?.previousDay ?? ""}: ${format(trend.previousTotal)}, ` +
    change +
    "."
  );
}
