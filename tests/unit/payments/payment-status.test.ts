import { describe, expect, it } from "vitest";
import {
  describePaymentStatus,
  isPaymentStatus,
  PAYMENT_STATUSES,
  UNCONFIRMED,
} from "@/lib/payments/shared/payment-status";
import { intentIdOfSecret, parseReturnParams } from "@/lib/payments/shared/return-params";
import { STATUS_POLL_MAX_MS, STATUS_POLL_TRIES, statusPollDelayMs } from "@/lib/payments/shared/status-polling";

// The buyer reads words, never a provider status ("Payment
// requires_payment_method. Please try again."). Item 2: a /payment-processing link is read from
// its client secret, and a garbled link is told apart from a failed payment.

describe("PaymentIntent status → the words a buyer reads", () => {
  it("covers Stripe's whole list of PaymentIntent statuses", () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual(
      [
        "canceled",
        "processing",
        "requires_action",
        "requires_capture",
        "requires_confirmation",
        "requires_payment_method",
        "succeeded",
      ].sort(),
    );
  });

  it.each([
    ["requires_payment_method", "failed", "Payment was not completed. Please try again."],
    ["requires_confirmation", "failed", "Payment was not completed. Please try again."],
    ["requires_action", "failed", "Payment was not completed. Please try again."],
    ["processing", "pending", "Payment is still processing."],
    ["requires_capture", "pending", "Payment is still processing."],
    ["canceled", "failed", "Payment was canceled. Please try again."],
    ["succeeded", "succeeded", "Payment was successful."],
  ])("%s → %s: %s", (status, outcome, message) => {
    expect(describePaymentStatus(status)).toEqual({ outcome, message });
  });

  it("keeps the product's sentence shape and never shows a status word", () => {
    for (const status of PAYMENT_STATUSES) {
      const { message } = describePaymentStatus(status);
      // "Payment was …" / "Payment is …": the raw "Payment {status}." never matches.
      expect(message).toMatch(/^Payment (was|is) [a-z ]+\.( Please try again\.)?$/);
      expect(message).not.toContain(`Payment ${status}.`);
      expect(message).not.toContain("_");
    }
  });

  it("asks a pending payment never to be paid again, and calls nothing failed that may still pay", () => {
    for (const status of ["processing", "requires_capture", "succeeded"]) {
      expect(describePaymentStatus(status).message).not.toContain("try again");
    }
  });

  it("answers an unknown status (a gateway's 'unknown', a future one) without a verdict", () => {
    for (const status of ["unknown", "requires_something_new", "", "Succeeded"]) {
      expect(isPaymentStatus(status)).toBe(false);
      expect(describePaymentStatus(status)).toBe(UNCONFIRMED);
    }
    expect(UNCONFIRMED.message).not.toMatch(/fail/i);
  });
});

describe("/payment-processing link parameters", () => {
  const demo = "pi_demo_0a1b2c3d4e5f60718293a4b5";
  const demoSecret = `${demo}_secret_00112233445566778899aabbccddeeff`;
  const stripe = "pi_3MtwBwLkdIwHu7ix28a3tqPa";
  const stripeSecret = `${stripe}_secret_YrKJUKribcBjcG8HVhfZluoGH`;

  it("reads the intent from the client secret, for demo and Stripe secrets", () => {
    expect(intentIdOfSecret(demoSecret)).toBe(demo);
    expect(intentIdOfSecret(stripeSecret)).toBe(stripe);
    expect(parseReturnParams({ paymentIntentId: demo, clientSecret: demoSecret })).toEqual({
      paymentIntentId: demo,
      clientSecret: demoSecret,
    });
    // Stripe's return_url always carries both; the secret alone is enough.
    expect(parseReturnParams({ paymentIntentId: null, clientSecret: stripeSecret })).toEqual({
      paymentIntentId: stripe,
      clientSecret: stripeSecret,
    });
  });

  it.each([
    ["no parameters", null, null],
    ["an intent without its secret", demo, null],
    ["a secret of another intent", stripe, demoSecret],
    ["a truncated secret", demo, `${demo}_secret_`],
    ["no secret at all", demo, demo],
    ["characters a secret never has", demo, `${demoSecret}<script>`],
    ["a secret cut at the id", null, "pi__secret_abc"],
  ])("refuses %s", (_case, paymentIntentId, clientSecret) => {
    expect(parseReturnParams({ paymentIntentId, clientSecret })).toBeNull();
  });
});

describe("polling a processing payment", () => {
  it("backs off 1 s, 2 s, 4 s, 8 s, then every 10 s, for about two minutes", () => {
    const delays = Array.from({ length: STATUS_POLL_TRIES - 1 }, (_, attempt) => statusPollDelayMs(attempt));
    expect(delays.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
    expect(Math.max(...delays)).toBe(STATUS_POLL_MAX_MS);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(90_000);
    expect(total).toBeLessThanOrEqual(180_000);
  });
});
