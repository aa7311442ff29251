import { describe, expect, it } from "vitest";
import { bookCheckout, COURSE_CHECKOUT, teamCheckout } from "@/lib/offers/shared/offer-links";
import { intentForCheckout } from "@/lib/offers/shared/offer-intent";

describe("intentForCheckout", () => {
  it("prepares the course for the countdown offer's checkout link", () => {
    expect(intentForCheckout(COURSE_CHECKOUT)).toEqual({ productId: "ai-step-by-step", quantity: 1 });
  });

  it("carries the add-to-order choice", () => {
    expect(intentForCheckout(bookCheckout(true))).toEqual({
      productId: "fast-forward-book",
      quantity: 1,
      includeUpsell: true,
    });
    expect(intentForCheckout(bookCheckout(false))).toEqual({
      productId: "fast-forward-book",
      quantity: 1,
      includeUpsell: false,
    });
  });

  it("leaves team checkout (which creates its own subscription) and other links alone", () => {
    expect(intentForCheckout(teamCheckout(5))).toBeNull();
    expect(intentForCheckout("/paid")).toBeNull();
    expect(intentForCheckout("/checkout")).toBeNull();
  });
});
