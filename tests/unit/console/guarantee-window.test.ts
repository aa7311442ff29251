import { describe, expect, it } from "vitest";
import { guaranteeWindow } from "@/lib/console/shared/guarantee-window";

// The guarantee window shown on an order (terms §4): 30 days money-back for one-time purchases,
// 90 days ROI for team seats, open through the last day.

const bought = new Date("2031-01-01T12:00:00Z");
const after = (days: number, hours = 0) => new Date(bought.getTime() + (days * 24 + hours) * 3_600_000);

describe("guarantee window", () => {
  it("counts whole days since purchase for the money-back guarantee", () => {
    expect(guaranteeWindow(bought, false, after(0, 5))).toMatchObject({
      kind: "money_back",
      label: "30-day money-back guarantee",
      daysSincePurchase: 0,
      daysLeft: 30,
      open: true,
    });
    expect(guaranteeWindow(bought, false, after(29, 23))).toMatchObject({ daysSincePurchase: 29, daysLeft: 1 });
    // 30 whole days have passed: a 30-day guarantee has ended (it lasts 30 days, not 31).
    expect(guaranteeWindow(bought, false, after(30, 1))).toMatchObject({
      daysSincePurchase: 30,
      daysLeft: 0,
      open: false,
    });
    expect(guaranteeWindow(bought, false, after(31))).toMatchObject({
      daysSincePurchase: 31,
      daysLeft: 0,
      open: false,
    });
  });

  it("gives seat subscriptions the 90-day ROI guarantee", () => {
    expect(guaranteeWindow(bought, true, after(45))).toMatchObject({
      kind: "roi",
      label: "90-day ROI guarantee",
      daysLeft: 45,
      open: true,
    });
    expect(guaranteeWindow(bought, true, after(91)).open).toBe(false);
  });

  it("never shows negative days for a clock slightly behind the purchase", () => {
    expect(guaranteeWindow(bought, false, new Date(bought.getTime() - 60_000)).daysSincePurchase).toBe(0);
  });
});
