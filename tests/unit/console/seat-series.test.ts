import { describe, expect, it } from "vitest";
import { seatSeries } from "@/lib/console/shared/seat-series";

const days = ["2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11"];
const prices = new Map([
  ["team-training", 50_000],
  ["team-training-test", 100],
]);

describe("seatSeries", () => {
  it("carries seats and MRR forward from the days that changed them", () => {
    expect(
      seatSeries(
        days,
        [
          // Bought before the range: the first day starts with them.
          { day: "2026-02-01", productId: "team-training", seats: 3 },
          { day: "2026-03-01", productId: "team-training-test", seats: 1 },
          // A seat change from 3 to 5, then the test purchase ends.
          { day: "2026-03-09", productId: "team-training", seats: 2 },
          { day: "2026-03-11", productId: "team-training-test", seats: -1 },
        ],
        prices,
      ),
    ).toEqual([
      { day: "2026-03-08", seats: 4, mrr: 150_100 },
      { day: "2026-03-09", seats: 6, mrr: 250_100 },
      { day: "2026-03-10", seats: 6, mrr: 250_100 },
      { day: "2026-03-11", seats: 5, mrr: 250_000 },
    ]);
  });

  it("counts seats of a product no longer in the catalog, without MRR", () => {
    expect(seatSeries(days.slice(0, 1), [{ day: "2026-03-08", productId: "gone", seats: 2 }], prices)).toEqual([
      { day: "2026-03-08", seats: 2, mrr: 0 },
    ]);
  });
});
