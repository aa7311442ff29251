import { describe, expect, it } from "vitest";
import { dayKeys, fillDays, previousRange, trendOf, trendSummary } from "@/lib/console/shared/day-series";

const range = { from: new Date("2026-03-08T00:00:00Z"), to: new Date("2026-03-11T00:00:00Z") };

describe("previous period", () => {
  it("has the same length and ends where the range begins", () => {
    expect(previousRange(range)).toEqual({
      from: new Date("2026-03-05T00:00:00Z"),
      to: new Date("2026-03-08T00:00:00Z"),
    });
    expect(dayKeys(previousRange(range))).toEqual(["2026-03-05", "2026-03-06", "2026-03-07"]);
  });
});

describe("fillDays", () => {
  it("lists every day, a missing one as 0, and sums rows of one day", () => {
    const days = dayKeys(range);
    expect(
      fillDays(days, [
        { day: "2026-03-10", value: 2 },
        { day: "2026-03-08", value: 1 },
        { day: "2026-03-10", value: 3 },
        { day: "2026-03-11", value: 9 },
      ]),
    ).toEqual([
      { day: "2026-03-08", value: 1 },
      { day: "2026-03-09", value: 0 },
      { day: "2026-03-10", value: 5 },
    ]);
  });
});

describe("trendOf", () => {
  const trend = trendOf(range, [
    { day: "2026-03-05", value: 4 },
    { day: "2026-03-07", value: 2 },
    { day: "2026-03-09", value: 9 },
  ]);

  it("pairs each day with the day as far into the previous period, gaps as 0", () => {
    expect(trend.days).toEqual([
      { day: "2026-03-08", value: 0, previousDay: "2026-03-05", previous: 4 },
      { day: "2026-03-09", value: 9, previousDay: "2026-03-06", previous: 0 },
      { day: "2026-03-10", value: 0, previousDay: "2026-03-07", previous: 2 },
    ]);
    expect(trend.total).toBe(9);
    expect(trend.previousTotal).toBe(6);
  });

  it("states the totals, the peak and the change in words", () => {
    expect(trendSummary(trend, String)).toBe(
      "9 in all, most on 2026-03-09 (9); previous period 2026-03-05 to 2026-03-07: 6, up 50 % on the previous period.",
    );
    expect(trendSummary(trendOf(range, []), String)).toBe(
      "0 in all; previous period 2026-03-05 to 2026-03-07: 0, the previous period had none.",
    );
  });
});
