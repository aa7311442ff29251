import { afterEach, describe, expect, it, vi } from "vitest";
import { canPrepareIntent, decideDeparture, departureAfterFailure } from "@/lib/offers/client/checkout-departure";
import { COURSE_CHECKOUT, teamCheckout } from "@/lib/offers/shared/offer-links";
import { createPaymentIntentRequest } from "@/lib/payments/client/client-api";
import { RequestFailedError } from "@/lib/platform/client/client-post";

// Offer buttons must never dead-end: the intent is only pre-created for details
// checkout accepts, and a 400 still goes to checkout where the visitor can correct them.

const jane = { name: "Jane Doe", email: "jane@example.com" };

function answer(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("canPrepareIntent", () => {
  it.each([
    [jane, true],
    [{ name: "Jane", email: "jane@company" }, false],
    [{ name: "Jane", email: "@" }, false],
    [{ name: " ", email: "jane@example.com" }, false],
    [{ name: "x".repeat(201), email: "jane@example.com" }, false],
  ])("%o → %s", (buyer, expected) => {
    expect(canPrepareIntent(buyer)).toBe(expected);
  });
});

describe("departureAfterFailure", () => {
  it("goes to checkout after a 400 (the input is wrong; checkout lets the visitor fix it)", () => {
    expect(departureAfterFailure(new RequestFailedError("Please enter a valid email address.", 400))).toBe("navigate");
  });

  it.each([
    ["a provider failure", new RequestFailedError("Failed to create payment intent", 503)],
    ["a rate limit", new RequestFailedError("Too many requests", 429)],
    ["no answer at all", new Error("Failed to create payment intent")],
    ["something odd", "boom"],
  ])("stays on the offer after %s", (_name, error) => {
    expect(departureAfterFailure(error)).toBe("stay");
  });
});

describe("decideDeparture", () => {
  it("prepares the course intent for a buyer checkout accepts, then navigates", async () => {
    const prepare = vi.fn(() => Promise.resolve());
    await expect(decideDeparture(COURSE_CHECKOUT, jane, prepare)).resolves.toBe("navigate");
    expect(prepare).toHaveBeenCalledWith({ productId: "ai-step-by-step", quantity: 1 }, jane);
  });

  it("navigates without creating anything for an opt-in address checkout would refuse", async () => {
    const prepare = vi.fn(() => Promise.resolve());
    await expect(decideDeparture(COURSE_CHECKOUT, { name: "Jane", email: "jane@company" }, prepare)).resolves.toBe(
      "navigate",
    );
    expect(prepare).not.toHaveBeenCalled();
  });

  it("navigates without preparing when there is no buyer or the link is not the simple checkout", async () => {
    const prepare = vi.fn(() => Promise.resolve());
    await expect(decideDeparture(COURSE_CHECKOUT, undefined, prepare)).resolves.toBe("navigate");
    await expect(decideDeparture(teamCheckout(3), jane, prepare)).resolves.toBe("navigate");
    expect(prepare).not.toHaveBeenCalled();
  });

  it("navigates when the create-payment-intent route answers 400", async () => {
    const fetch = answer(400, { error: { code: "invalid_request", message: "Please enter a valid email address." } });
    vi.stubGlobal("fetch", fetch);
    const departure = await decideDeparture(COURSE_CHECKOUT, jane, (intent, buyer) =>
      createPaymentIntentRequest({ ...intent, ...buyer, contactId: "c" }).then(() => undefined),
    );
    expect(departure).toBe("navigate");
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("stays when the route answers 503 or cannot be reached", async () => {
    const prepare = (intent: { productId: string; quantity: number }, buyer: typeof jane) =>
      createPaymentIntentRequest({ ...intent, ...buyer, contactId: "c" }).then(() => undefined);
    vi.stubGlobal(
      "fetch",
      answer(503, { error: { code: "provider_error", message: "Failed to create payment intent" } }),
    );
    await expect(decideDeparture(COURSE_CHECKOUT, jane, prepare)).resolves.toBe("stay");
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("fetch failed"))),
    );
    await expect(decideDeparture(COURSE_CHECKOUT, jane, prepare)).resolves.toBe("stay");
  });
});
