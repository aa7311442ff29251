import { describe, expect, it } from "vitest";
import { seatSeries } from "@/lib/console/shared/seat-series";

const days = ["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11"];

describe("seatSeries", () => {
  it("carries seats and MRR forward from the days that changed them", () => {
    expect(
      seatSeries(days, [
        // Bought before the range: the first day starts with them.
        { day: "2026-02-01", seats: 3, mrr: 150_000 },
        { day: "2026-03-01", seats: 1, mrr: 100 },
        // A seat change from 3 to 5, then the test purchase ends.
        { day: "2026-03-09", seats: 2, mrr: 100_000 },
        { day: "2026-03-11", seats: -1, mrr: -100 },
      ]),
    ).toEqual([
      { day: "2026-03-08", seats: 4, mrr: 150_100 },
      { day: "2026-03-09", seats: 6, mrr: 250_100 },
      { day: "2026-03-10", seats: 6, mrr: 250_100 },
      { day: "2026-03-11", seats: 5, mrr: 250_000 },
    ]);
  });

  it("keeps each day's seats and MRR when nothing changed, and none before the first", () => {
    expect(seatSeries(days.slice(0, 2), [])).toEqual([
      { day: "2026-03-08", seats: 0, mrr: 0 },
      { day: "2026-03-09", seats: 0, mrr: 0 },
    ]);
  });
});
