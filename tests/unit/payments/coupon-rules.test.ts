import { describe, expect, it } from "vitest";
import {
  couponProblem,
  invoiceAmount,
  MIN_CHARGE_CENTS,
  normalizeCouponCode,
  oneTimeDiscount,
  rawDiscount,
  subscriptionDiscount,
} from "@/lib/payments/shared/coupon-rules";
import { createCouponSchema, createPaymentIntentSchema } from "@/lib/payments/shared/schemas";

const percent = (p: number) => ({ percentOff: p, amountOff: null });
const fixed = (cents: number) => ({ percentOff: null, amountOff: cents });

describe("coupon discount rule", () => {
  it("rounds a percentage to the nearest cent, half up, as Stripe does", () => {
    expect(rawDiscount(percent(10), 700)).toBe(70);
    // 15 % of $7.99 is 119.85 cents → 120; 15 % of $0.99 is 14.85 → 15; 10 % of 5 cents is 0.5 → 1.
    expect(rawDiscount(percent(15), 799)).toBe(120);
    expect(rawDiscount(percent(15), 99)).toBe(15);
    expect(rawDiscount(percent(10), 5)).toBe(1);
    expect(rawDiscount(percent(33), 1001)).toBe(330);
    expect(rawDiscount(percent(100), 49_700)).toBe(49_700);
  });

  it("takes a fixed amount off, never more than the amount", () => {
    expect(rawDiscount(fixed(200), 700)).toBe(200);
    expect(rawDiscount(fixed(2_000), 700)).toBe(700);
  });

  it("discounts one-time orders' product line only and always leaves the card minimum", () => {
    // The book × 3 and the course add-on: 10 % of the books only.
    expect(oneTimeDiscount(percent(10), 2_100, 2_100 + 49_700)).toBe(210);
    // 100 % of one book: 50 cents are still charged.
    expect(oneTimeDiscount(percent(100), 700, 700)).toBe(700 - MIN_CHARGE_CENTS);
    expect(oneTimeDiscount(fixed(10_000), 700, 700)).toBe(650);
    // With the add-on the product's whole line can go.
    expect(oneTimeDiscount(percent(100), 700, 700 + 49_700)).toBe(700);
    // A product at the minimum gets nothing off.
    expect(oneTimeDiscount(percent(50), 50, 50)).toBe(0);
  });

  it("refuses a subscription coupon that would take the first invoice under the minimum", () => {
    expect(subscriptionDiscount(percent(20), 150_000)).toBe(30_000);
    expect(subscriptionDiscount(percent(100), 50_000)).toBeNull();
    expect(subscriptionDiscount(fixed(49_960), 50_000)).toBeNull();
    expect(subscriptionDiscount(fixed(49_950), 50_000)).toBe(49_950);
  });

  it("bills the discount for the first N monthly invoices, then the full amount", () => {
    const amounts = [1, 2, 3, 4].map((n) => invoiceAmount(percent(25), 3, 100_000, n));
    expect(amounts).toEqual([75_000, 75_000, 75_000, 100_000]);
    expect(invoiceAmount(null, 0, 100_000, 1)).toBe(100_000);
  });
});

describe("coupon dates, products and codes", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const open = { active: true, productCode: null, startsAt: null, endsAt: null };

  it("accepts a code in its window for its product", () => {
    expect(couponProblem(open, "fast-forward-book", now)).toBeNull();
    const window = { ...open, startsAt: new Date("2026-06-01T12:00:00Z"), endsAt: new Date("2026-06-01T12:00:01Z") };
    expect(couponProblem(window, "fast-forward-book", now)).toBeNull();
  });

  it("says why a code cannot be used", () => {
    expect(couponProblem(null, "fast-forward-book", now)).toBe("This coupon code is not valid.");
    expect(couponProblem({ ...open, active: false }, "x", now)).toBe("This coupon code is not valid.");
    expect(couponProblem({ ...open, startsAt: new Date("2026-06-02T00:00:00Z") }, "x", now)).toBe(
      "This coupon code is not valid yet.",
    );
    // The end is exclusive.
    expect(couponProblem({ ...open, endsAt: now }, "x", now)).toBe("This coupon code has expired.");
    expect(couponProblem({ ...open, productCode: "team-training-seat" }, "fast-forward-book", now)).toBe(
      "This coupon code does not apply to this product.",
    );
  });

  it("reads a typed code in any case, spaces around it ignored", () => {
    expect(normalizeCouponCode("  spring-10 ")).toBe("SPRING-10");
    const parsed = createPaymentIntentSchema.parse({
      contactId: "6c1f9a52-3f0e-4f57-9d0b-3c1e4b2b7a10",
      email: "ada@example.com",
      name: "Ada Lovelace",
      productId: "fast-forward-book",
      quantity: 1,
      couponCode: " spring-10",
    });
    expect(parsed.couponCode).toBe("SPRING-10");
  });

  it("lets the console create only one kind of discount with a valid code", () => {
    const base = {
      code: "spring-10",
      percentOff: 10,
      amountOff: null,
      productCode: null,
      startsAt: null,
      endsAt: null,
      maxRedemptions: null,
      maxPerBuyer: 1,
      durationMonths: 3,
    };
    expect(createCouponSchema.parse(base).code).toBe("SPRING-10");
    expect(createCouponSchema.safeParse({ ...base, amountOff: 500 }).success).toBe(false);
    expect(createCouponSchema.safeParse({ ...base, percentOff: null }).success).toBe(false);
    expect(createCouponSchema.safeParse({ ...base, percentOff: 101 }).success).toBe(false);
    expect(createCouponSchema.safeParse({ ...base, code: "no spaces" }).success).toBe(false);
    const backwards = { ...base, startsAt: "2026-02-01T00:00:00Z", endsAt: "2026-01-01T00:00:00Z" };
    expect(createCouponSchema.safeParse(backwards).success).toBe(false);
  });
});
