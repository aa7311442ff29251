import { describe, expect, it } from "vitest";
import { bookCheckout, clampSeats, teamCheckout, timesUpTarget } from "@/lib/offers/shared/offer-links";
import { hasCountdown } from "@/lib/experiments/shared/offer-variant";

describe("offer variant choice", () => {
  it("runs the countdown on both course variants only", () => {
    expect(hasCountdown("countdown")).toBe(true);
    expect(hasCountdown("add-to-order")).toBe(true);
    expect(hasCountdown("team")).toBe(false);
  });
});

describe("offer links (checkout contract)", () => {
  it("sends the add-to-order choice and clamps team seats to 1..50", () => {
    expect(bookCheckout(true)).toBe("/checkout?product=fast-forward-book&upsell=true");
    expect(bookCheckout(false)).toBe("/checkout?product=fast-forward-book&upsell=false");
    expect(timesUpTarget("countdown")).toBe("/checkout?product=ai-step-by-step");
    expect(timesUpTarget("add-to-order")).toBe("/checkout?product=fast-forward-book&upsell=true");
    expect(teamCheckout(7)).toBe("/checkout-realtime-academy-metadata?seats=7");
    expect([clampSeats(0), clampSeats(51), clampSeats(Number.NaN), clampSeats(2.4)]).toEqual([1, 50, 1, 2]);
  });
});
