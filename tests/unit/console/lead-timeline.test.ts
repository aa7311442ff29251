import { describe, expect, it } from "vitest";
import { eventLabel, lineText, REFUND_ACTION, timelineLines } from "@/lib/console/shared/lead-timeline";

// The lead page's timeline: every catalog action in words, repeats counted, oldest first.

const at = (minute: number) => new Date(Date.UTC(2033, 5, 1, 10, minute));

describe("eventLabel", () => {
  it.each([
    ["page_load", { page: "/", referrer: null, viewport: "desktop", utm_source: "" }, "Page viewed: /"],
    ["page_load", { page: "/paid", utm_source: "google" }, "Page viewed: /paid (from google)"],
    ["button_click", { source: "hero" }, "Opened the opt-in form"],
    ["form_submit", { source: "hero" }, "Opted in"],
    ["survey_submit", { track: "business_owner" }, "Survey answered: business owner"],
    ["survey_submit", { track: "non_owner" }, "Survey answered: not a business owner"],
    ["qualification_result", { qualified: true }, "Survey result: qualified"],
    ["qualification_result", { qualified: false }, "Survey result: not qualified"],
    ["phone_submit", { consent: true }, "Phone number given, with consent to be called"],
    ["checkout_click", { target: "/checkout", button: "buy" }, "Offer accepted: went to checkout (/checkout)"],
    [
      "checkout_click",
      { productId: "team-training-seat", quantity: 3, transactionId: "t" },
      "Checkout started (team-training-seat ×3)",
    ],
    ["booking_scheduled", { eventId: "e" }, "Call booked"],
    [
      "payment_complete",
      { productId: "ai-step-by-step", quantity: 1, transactionId: "t", amount: 49700 },
      "Paid $497.00 (ai-step-by-step)",
    ],
    [REFUND_ACTION, { amount: 10000, currency: "usd" }, "Refunded $100.00"],
    ["some_new_action", {}, "some new action"],
  ])("%s %j reads %s", (action, data, label) => {
    expect(eventLabel(action, data)).toBe(label);
  });

  it("never shows raw data, whatever the row holds", () => {
    expect(eventLabel("page_load", null)).toBe("Page viewed: landing page");
    expect(eventLabel("payment_complete", ["x"])).toBe("Paid");
    expect(eventLabel("checkout_click", { target: 7 })).toBe("Checkout started");
  });
});

describe("timelineLines", () => {
  it("sorts by time and collapses consecutive repeats into one counted line", () => {
    const click = { action: "checkout_click", data: { productId: "p", quantity: 1, transactionId: "t" } };
    const lines = timelineLines([
      { at: at(5), ...click },
      { at: at(1), action: "page_load", data: { page: "/" } },
      { at: at(4), ...click },
      { at: at(2), action: "form_submit", data: {} },
      { at: at(6), ...click },
      { at: at(7), action: "payment_complete", data: { amount: 700, productId: "p", quantity: 1 } },
      { at: at(8), action: "page_load", data: { page: "/" } },
    ]);
    expect(lines.map(lineText)).toEqual([
      "Page viewed: /",
      "Opted in",
      "Checkout started (p) ×3",
      "Paid $7.00 (p)",
      "Page viewed: /",
    ]);
    expect(lines[2]).toMatchObject({ at: at(4), last: at(6), count: 3 });
  });

  it("keeps the given order for entries at the same instant", () => {
    const lines = timelineLines([
      { at: at(1), action: "survey_submit", data: { track: "non_owner" } },
      { at: at(1), action: "qualification_result", data: { qualified: false } },
    ]);
    expect(lines.map((line) => line.label)).toEqual([
      "Survey answered: not a business owner",
      "Survey result: not qualified",
    ]);
  });
});
