import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { offSessionOutcome } from "@/lib/payments/server/stripe-saved-cards";
import { DEMO_CARDS, evaluateDemoCard, savedDemoCard } from "@/lib/payments/shared/demo-cards";

// The pure halves of saved cards: what an off-session charge's answer from Stripe means, and the
// demo gateway's record of a saved test card.

const intent = (fields: Partial<Stripe.PaymentIntent>) =>
  ({
    id: "pi_1",
    client_secret: "pi_1_secret_x",
    payment_method: null,
    status: "succeeded",
    ...fields,
  }) as Stripe.PaymentIntent;

const cardError = (code: string, message: string, paymentIntent?: Partial<Stripe.PaymentIntent>) =>
  new Stripe.errors.StripeCardError({
    type: "card_error",
    code,
    message,
    ...(paymentIntent ? { payment_intent: intent(paymentIntent) } : {}),
  });

describe("offSessionOutcome (Stripe's answer to an off-session charge)", () => {
  it("a succeeded intent is a succeeded charge", () => {
    expect(offSessionOutcome(intent({ status: "succeeded" }))).toEqual({
      outcome: "succeeded",
      paymentIntentId: "pi_1",
    });
  });

  it("authentication_required asks the page to confirm the intent with the card the error names", () => {
    const error = cardError(
      "authentication_required",
      "Your card was declined. This transaction requires authentication.",
      {
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", payment_method: { id: "pm_saved" } as Stripe.PaymentMethod },
      },
    );
    expect(offSessionOutcome(error)).toEqual({
      outcome: "requires_action",
      paymentIntentId: "pi_1",
      clientSecret: "pi_1_secret_x",
      paymentMethodId: "pm_saved",
    });
  });

  it("a decline keeps Stripe's code and message, with the intent when there is one", () => {
    const declined = cardError("card_declined", "Your card was declined.", { status: "requires_payment_method" });
    expect(offSessionOutcome(declined)).toEqual({
      outcome: "declined",
      paymentIntentId: "pi_1",
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect(offSessionOutcome(cardError("expired_card", "Your card has expired."))).toEqual({
      outcome: "declined",
      paymentIntentId: null,
      code: "expired_card",
      message: "Your card has expired.",
    });
  });

  it("an intent still requiring action is requires_action; any other status is not a known outcome", () => {
    expect(offSessionOutcome(intent({ status: "requires_action", payment_method: "pm_2" }))).toMatchObject({
      outcome: "requires_action",
      paymentMethodId: "pm_2",
    });
    expect(() => offSessionOutcome(intent({ status: "processing" }))).toThrow(/processing/);
  });
});

describe("demo saved cards", () => {
  it("keeps the last four digits and how later charges behave, never the number", () => {
    expect(savedDemoCard(DEMO_CARDS.success)).toEqual({ last4: "4242", offSession: "succeeded" });
    expect(savedDemoCard(DEMO_CARDS.alwaysAuthenticate)).toEqual({
      last4: "3184",
      offSession: "authentication_required",
    });
    expect(savedDemoCard(DEMO_CARDS.attachesThenDeclines)).toEqual({ last4: "0341", offSession: "card_declined" });
  });

  it("3184 and 0341 pay when typed, as the first payment that saves them", () => {
    const typed = (number: string) => evaluateDemoCard({ number, expiry: "12/40", cvc: "123" }, new Date("2026-11-21"));
    expect(typed(DEMO_CARDS.alwaysAuthenticate)).toEqual({ outcome: "succeeded" });
    expect(typed(DEMO_CARDS.attachesThenDeclines)).toEqual({ outcome: "succeeded" });
  });
});
