// Mirrors Stripe's test cards, error codes and messages, so both modes show the same texts.

export type DemoCard = { number: string; expiry: string; cvc: string };
export type DemoCardResult =
  { outcome: "succeeded" } | { outcome: "error"; code: string; declineCode?: string; message: string };

export const DEMO_CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  /** Pays at once on the page; every later off-session charge asks the buyer to authenticate. */
  alwaysAuthenticate: "4000 0027 6000 3184",
  /** Pays and is saved; every later off-session charge is declined (docs/decisions/0032). */
  attachesThenDeclines: "4000 0000 0000 0341",
} as const;

/** What a later off-session charge on a saved card does: Stripe's outcome, or its error code. */
export type OffSessionBehaviour = "succeeded" | "authentication_required" | "card_declined";

export const CARD_DECLINED_MESSAGE = "Your card was declined.";
export const AUTHENTICATION_FAILED_MESSAGE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

/** What the demo gateway keeps of a card a succeeded payment saved: never the number. */
export function savedDemoCard(number: string): { last4: string; offSession: OffSessionBehaviour } {
  const digits = number.replace(/[\s-]/g, "");
  const offSession: OffSessionBehaviour =
    digits === "4000002760003184"
      ? "authentication_required"
      : digits === "4000000000000341"
        ? "card_declined"
        : "succeeded";
  return { last4: digits.slice(-4), offSession };
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Valid through the last day of that month. */
export function expiryIsFuture(expiry: string, now: Date): boolean | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return new Date(Date.UTC(year, month, 1)) > now;
}

export function evaluateDemoCard(card: DemoCard, now = new Date()): DemoCardResult {
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) {
    return { outcome: "error", code: "incorrect_number", message: "Your card number is incorrect." };
  }
  const future = expiryIsFuture(card.expiry, now);
  if (future === null) {
    return { outcome: "error", code: "invalid_expiry_month", message: "Your card's expiration date is incomplete." };
  }
  if (!future) return { outcome: "error", code: "expired_card", message: "Your card has expired." };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { outcome: "error", code: "incorrect_cvc", message: "Your card's security code is incomplete." };
  }
  if (["4242424242424242", "4000002760003184", "4000000000000341"].includes(digits)) return { outcome: "succeeded" };
  if (digits === "4000000000009995") {
    return {
      outcome: "error",
      code: "card_declined",
      declineCode: "insufficient_funds",
      message: "Your card has insufficient funds.",
    };
  }
  if (digits === "4000000000000002") {
    return {
      outcome: "error",
      code: "card_declined",
      declineCode: "generic_decline",
      message: CARD_DECLINED_MESSAGE,
    };
  }
  return { outcome: "error", code: "card_declined", declineCode: "generic_decline", message: CARD_DECLINED_MESSAGE };
}
