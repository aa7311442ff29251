// How the console writes an experiment's numbers: rates as percentages, revenue per visitor in
// dollars (the metric's unit is cents). Pure: the results page and its tests share it.

import type { Interval } from "@/lib/experiments/shared/experiment-analysis";
import type { Metric } from "@/lib/experiments/shared/surfaces";
import { formatUsd } from "@/lib/shared/money";

/** 0.1234 → "12.3 %"; null → "—". */
export function formatPercent(share: number | null, digits = 1): string {
  if (share === null || !Number.isFinite(share)) return "—";
  return `${(share * 100).toFixed(digits)} %`;
}

/** A count as a share of visitors: "12.5 %", or "—" without visitors. */
export const shareOf = (count: number, visitors: number): string =>
  visitors === 0 ? "—" : formatPercent(count / visitors);

/** Cents (fractions allowed) → "$1.23"; a negative amount (an interval's lower end) → "−$1.23". */
export function formatCents(cents: number | null): string {
  if (cents === null || !Number.isFinite(cents)) return "—";
  const rounded = Math.round(cents);
  return rounded < 0 ? `−${formatUsd(-rounded)}` : formatUsd(rounded);
}

export function formatMetric(metric: Metric, value: number): string {
  return metric === "revenue" ? formatCents(value) : formatPercent(value, 2);
}

export const formatInterval = (metric: Metric, interval: Interval): string =>
  `${formatMetric(metric, interval.lower)} to ${formatMetric(metric, interval.upper)}`;

/** A relative lift: +12.0 % / −3.1 %. */
export function formatLift(value: number): string {
  if (!Number.isFinite(value)) return "—";
  const percent = (value * 100).toFixed(1);
  return value > 0 ? `+${percent} %` : `${percent.replace("-", "−")} %`;
}
