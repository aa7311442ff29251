import { GUARANTEE_DAYS, TEAM } from "@/lib/site/shared/prices";
import { DAY_MS } from "@/lib/shared/dates";

// The /terms guarantees in whole UTC days; day 30 of 30 still counts.

export type GuaranteeWindow = {
  kind: "money_back" | "roi";
  label: string;
  limitDays: number;
  daysSincePurchase: number;
  daysLeft: number;
  open: boolean;
};

export function guaranteeWindow(purchasedAt: Date, isSubscription: boolean, now = new Date()): GuaranteeWindow {
  const kind = isSubscription ? "roi" : "money_back";
  const limitDays = isSubscription ? TEAM.roiGuaranteeDays : GUARANTEE_DAYS;
  const daysSincePurchase = Math.max(0, Math.floor((now.getTime() - purchasedAt.getTime()) / DAY_MS));
  const open = daysSincePurchase < limitDays;
  return {
    kind,
    label: isSubscription ? `${limitDays}-day ROI guarantee` : `${limitDays}-day money-back guarantee`,
    limitDays,
    daysSincePurchase,
    daysLeft: open ? limitDays - daysSincePurchase : 0,
    open,
  };
}
