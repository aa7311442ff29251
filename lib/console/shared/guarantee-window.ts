import { GUARANTEE_DAYS, TEAM } from "@/lib/site/shared/prices";
import { DAY_MS } from "@/lib/shared/dates";

// The promises /terms §4 makes, measured for one order: books and courses carry a 30-day
// money-back guarantee, team training a 90-day ROI guarantee, both counted from the purchase.
// Whole days elapsed, in UTC; a window is open through its last day (day 30 of 30 still counts).

export type GuaranteeWindow = {
  kind: "money_back" | "roi";
  label: string;
  limitDays: number;
  daysSincePurchase: number;
  /** Days left including today; 0 once closed. */
  daysLeft: number;
  open: boolean;
};

export function guaranteeWindow(purchasedAt: Date, isSubscription: boolean, now = new Date()): GuaranteeWindow {
  const kind = isSubscription ? "roi" : "money_back";
  const limitDays = isSubscription ? TEAM.roiGuaranteeDays : GUARANTEE_DAYS;
  const daysSincePurchase = Math.max(0, Math.floor((now.getTime() - purchasedAt.getTime()) / DAY_MS));
  // Whole days elapsed: on day 30 of a 30-day guarantee, 30 days have passed and it has ended.
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
