import { describe, expect, it } from "vitest";
import { parsePricing, pricedProductOf, pricedRoute } from "@/lib/site/shared/priced-pages";

// The internal address of a sales page's copy at one price, and which pages have one.

describe("priced page copies", () => {
  it("names the product each priced page prints, and none for a page without a tested price", () => {
    expect(["/", "/paid", "/paid-alt", "/offer", "/checkout-realtime-academy"].map(pricedProductOf)).toEqual([
      "fast-forward-book",
      "fast-forward-book",
      "fast-forward-book",
      "ai-step-by-step",
      "ai-step-by-step",
    ]);
    // Seats are never price-tested; the checkout prices per request.
    expect(["/upsell", "/privacy", "/checkout"].map(pricedProductOf)).toEqual([null, null, null]);
  });

  it("reads back the price its route was written with", () => {
    const pricing = { productCode: "fast-forward-book", amount: 1300 };
    const route = pricedRoute(pricing, "/landing/paid");
    expect(route).toBe("/priced/fast-forward-book~1300/landing/paid");
    expect(parsePricing(route.split("/")[2]!)).toEqual(pricing);
  });

  it("refuses a segment the proxy would not write: an unknown or untested product, no amount, zero, a fraction", () => {
    for (const segment of [
      "team-training-seat~500",
      "unknown~700",
      "fast-forward-book",
      "fast-forward-book~0",
      "fast-forward-book~7.5",
      "fast-forward-book~0700",
      "fast-forward-book~1234567890",
      "FAST-FORWARD-BOOK~700",
    ]) {
      expect(parsePricing(segment), segment).toBeNull();
    }
  });
});
