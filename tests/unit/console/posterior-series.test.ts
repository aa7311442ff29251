import { describe, expect, it } from "vitest";
import { posteriorSeries } from "@/lib/console/shared/posterior-series";
import { betaQuantile } from "@/lib/experiments/shared/stats/beta";
import { MIN_CONVERSIONS, MIN_VISITORS_PER_ARM } from "@/lib/experiments/shared/stats/thresholds";

describe("posteriorSeries", () => {
  it("accumulates each variant's visitors and conversions into a Beta posterior per day", () => {
    const [first, second] = posteriorSeries(
      ["2026-03-08", "2026-03-09"],
      ["control", "b"],
      [
        { day: "2026-03-08", variant: "control", visitors: 10, conversions: 1 },
        { day: "2026-03-08", variant: "b", visitors: 8, conversions: 0 },
        { day: "2026-03-09", variant: "control", visitors: 10, conversions: 3 },
        { day: "2026-03-09", variant: "gone", visitors: 99, conversions: 99 },
      ],
    );
    expect(first?.arms.map((a) => [a.key, a.visitors, a.conversions])).toEqual([
      ["control", 10, 1],
      ["b", 8, 0],
    ]);
    const control = second?.arms[0];
    expect(control).toMatchObject({ visitors: 20, conversions: 4 });
    // Beta(1 + 4, 1 + 16): mean 5/22.
    expect(control?.mean).toBeCloseTo(5 / 22, 12);
    expect(control?.lower).toBeCloseTo(betaQuantile(0.025, 5, 17), 12);
    expect(control?.upper).toBeCloseTo(betaQuantile(0.975, 5, 17), 12);
    expect(second?.arms[1]).toMatchObject({ visitors: 8, conversions: 0 });
    expect(second?.reached).toBe(false);
  });

  it("marks the days from the one the minimum sample is reached", () => {
    const half = Math.ceil(MIN_CONVERSIONS / 2);
    const series = posteriorSeries(
      ["2026-03-08", "2026-03-09"],
      ["control", "b"],
      [
        { day: "2026-03-01", variant: "control", visitors: MIN_VISITORS_PER_ARM - 1, conversions: half },
        { day: "2026-03-01", variant: "b", visitors: MIN_VISITORS_PER_ARM, conversions: half },
        { day: "2026-03-09", variant: "control", visitors: 1, conversions: 0 },
      ],
    );
    expect(series.map((d) => d.reached)).toEqual([false, true]);
  });
});
