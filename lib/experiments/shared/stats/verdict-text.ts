import type { Metric } from "@/lib/experiments/shared/surfaces";

export const formatCount = (n: number): string => Math.round(n).toLocaleString("en-US");

export function formatProbability(p: number): string {
  const pct = p * 100;
  if (pct > 99.9) return "> 99.9 %";
  if (pct >= 99) return `${(Math.floor(pct * 10) / 10).toFixed(1)} %`;
  return `${Math.floor(pct)} %`;
}

const formatPercent = (x: number): string => `${(x * 100).toFixed(x < 0.1 ? 2 : 1)} %`;

export const formatMetric = (metric: Metric, value: number): string =>
  metric === "revenue" ? `$${(value / 100).toFixed(2)}` : formatPercent(value);

export const METRIC_NOUN: Record<Metric, string> = {
  opt_in: "opt-in rate",
  paid: "paid conversion",
  revenue: "revenue per visitor",
};
