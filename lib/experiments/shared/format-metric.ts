// Pure: the results page and its tests share it.

import type { Interval } from "@/lib/experiments/shared/experiment-analysis";
import type { Metric } from "@/lib/experiments/shared/surfaces";
import { formatUsd } from "@/lib/shared/money";

export function formatPercent(share: number | null, digits = 1): string {
  if (share === null || !Number.isFinite(share)) return "—";
  return `${(share * 100).toFixed(digits)} %`;
}

export const shareOf = (count: number, visitors: number): string =>
  visitors === 0 ? "—" : formatPercent(count / visitors);

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

export function formatLift(value: number): string {
  if (!Number.isFinite(value)) return "—";
  const percent = (value * 100).toFixed(1);
  return value > 0 ? `+${percent} %` : `${percent.replace("-", "−")} %`;
}
