import { describe, expect, it } from "vitest";
import {
  formatCents,
  formatInterval,
  formatLift,
  formatMetric,
  formatPercent,
  shareOf,
} from "@/lib/experiments/shared/format-metric";
import { CONSOLE_SECTIONS, activeSection } from "@/lib/console/shared/console-nav";

// The results page's numbers as the operator reads them: rates in percent, revenue per visitor in
// dollars from fractional cents, lifts signed.

describe("experiment numbers on the results page", () => {
  it("writes rates, shares and money", () => {
    expect(formatPercent(0.25)).toBe("25.0 %");
    expect(formatPercent(null)).toBe("—");
    expect(shareOf(3, 4)).toBe("75.0 %");
    expect(shareOf(0, 0)).toBe("—");
    expect(formatCents(4925)).toBe("$49.25");
    expect(formatCents(5000)).toBe("$50");
    expect(formatCents(4924.6)).toBe("$49.25");
    expect(formatCents(null)).toBe("—");
    expect(formatCents(-4728)).toBe("−$47.28");
  });

  it("writes the metric in its unit, intervals and lifts", () => {
    expect(formatMetric("paid", 0.0312)).toBe("3.12 %");
    expect(formatMetric("revenue", 1234.4)).toBe("$12.34");
    expect(formatInterval("opt_in", { lower: 0.1, upper: 0.125 })).toBe("10.00 % to 12.50 %");
    expect(formatLift(0.12)).toBe("+12.0 %");
    expect(formatLift(-0.031)).toBe("−3.1 %");
    expect(formatLift(Number.NaN)).toBe("—");
  });

  it("has Experiments in the console's navigation, active below it", () => {
    expect(CONSOLE_SECTIONS.map((s) => s.label)).toContain("Experiments");
    expect(activeSection("/admin/experiments/0b5d")).toBe("/admin/experiments");
  });
});
