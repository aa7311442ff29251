import { describe, expect, it } from "vitest";
import { prorateSeats } from "@/lib/payments/shared/seat-proration";

const start = new Date("2026-03-01T00:00:00Z");
const end = new Date("2026-04-01T00:00:00Z"); // 31 days: 2,678,400 s

describe("prorateSeats", () => {
  it("charges the rest of the period for added seats, half-way through", () => {
    const at = new Date("2026-03-16T12:00:00Z"); // 15.5 days used: exactly half left
    expect(
      prorateSeats({ unitAmount: 50_000, fromSeats: 3, toSeats: 5, periodStart: start, periodEnd: end, at }),
    ).toEqual({ unusedCredit: -75_000, remainingCharge: 125_000, net: 50_000, nextRenewal: 250_000 });
  });

  it("rounds each line to the cent by the second", () => {
    // 1 s used: 2,678,399 s of 2,678,400 left.
    const at = new Date("2026-03-01T00:00:01Z");
    // 150,000 × 2,678,399 / 2,678,400 = 149,999.944 → 150,000; 250,000 × … = 249,999.907 → 250,000
    const p = prorateSeats({ unitAmount: 50_000, fromSeats: 3, toSeats: 5, periodStart: start, periodEnd: end, at });
    expect(p).toEqual({ unusedCredit: -150_000, remainingCharge: 250_000, net: 100_000, nextRenewal: 250_000 });
    // 10 days left (864,000 s): 150,000 × 864,000 / 2,678,400 = 48,387.0967… → 48,387; 250,000 × … = 80,645.16… → 80,645
    const late = new Date("2026-03-22T00:00:00Z");
    expect(
      prorateSeats({ unitAmount: 50_000, fromSeats: 3, toSeats: 5, periodStart: start, periodEnd: end, at: late }),
    ).toEqual({ unusedCredit: -48_387, remainingCharge: 80_645, net: 32_258, nextRenewal: 250_000 });
  });

  it("turns removed seats into a credit taken off the next renewal", () => {
    const at = new Date("2026-03-22T00:00:00Z");
    const p = prorateSeats({ unitAmount: 50_000, fromSeats: 5, toSeats: 3, periodStart: start, periodEnd: end, at });
    expect(p).toEqual({ unusedCredit: -80_645, remainingCharge: 48_387, net: -32_258, nextRenewal: 117_742 });
  });

  it("charges nothing at or after the period end, and everything at its start", () => {
    const after = prorateSeats({
      unitAmount: 50_000,
      fromSeats: 1,
      toSeats: 2,
      periodStart: start,
      periodEnd: end,
      at: end,
    });
    expect(after.net).toBe(0);
    const before = new Date("2026-02-01T00:00:00Z");
    expect(
      prorateSeats({ unitAmount: 50_000, fromSeats: 1, toSeats: 2, periodStart: start, periodEnd: end, at: before })
        .net,
    ).toBe(50_000);
  });

  it("ignores milliseconds, as Stripe's proration date is in seconds", () => {
    const a = prorateSeats({
      unitAmount: 50_000,
      fromSeats: 3,
      toSeats: 5,
      periodStart: start,
      periodEnd: end,
      at: new Date("2026-03-22T00:00:00.000Z"),
    });
    const b = prorateSeats({
      unitAmount: 50_000,
      fromSeats: 3,
      toSeats: 5,
      periodStart: start,
      periodEnd: end,
      at: new Date("2026-03-22T00:00:00.999Z"),
    });
    expect(b).toEqual(a);
  });
});
