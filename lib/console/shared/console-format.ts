import type { FunnelSplit, FunnelStepKey } from "@/lib/leads/shared/funnel-steps";
import type { ListCount } from "@/lib/shared/list-count";

export const STEP_LABELS: Record<FunnelStepKey, string> = {
  page_load: "Page load",
  opt_in: "Opt-in",
  survey: "Survey",
  qualified_or_offer: "Qualified or offer",
  checkout: "Checkout",
  paid: "Paid",
};

export const SPLIT_LABELS: Record<FunnelSplit, string> = {
  none: "No split",
  landing: "Landing page",
  offer_variant: "Offer variant",
  utm_source: "First-touch utm_source",
  utm_campaign: "First-touch utm_campaign",
};

const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

export const formatCount = (n: number) => count.format(n);
/** A list's "N rows match" line; a capped count says "more than". */
export function matchText({ count, capped }: ListCount, noun: { one: string; many: string }): string {
  if (capped) return `More than ${formatCount(count)} ${noun.many} match`;
  return count === 1 ? `1 ${noun.one} matches` : `${formatCount(count)} ${noun.many} match`;
}

export const formatPercent = (ratio: number | null) => (ratio === null ? "—" : percent.format(ratio));

export function formatMoney(cents: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}
