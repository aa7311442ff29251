// Provider status words are not English, so each status gets words that fit the sentence
// "Payment {status}. Please try again." Nothing else may put a raw status on screen.

export const PAYMENT_STATUSES = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "canceled",
  "succeeded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** pending: the money may still arrive, so nobody is told to pay again. */
export type PaymentOutcome = "succeeded" | "pending" | "failed" | "unknown";
export type StatusWords = { outcome: PaymentOutcome; message: string };

const NOT_COMPLETED: StatusWords = { outcome: "failed", message: "Payment was not completed. Please try again." };
const STILL_PROCESSING: StatusWords = { outcome: "pending", message: "Payment is still processing." };

const WORDS: Record<PaymentStatus, StatusWords> = {
  requires_payment_method: NOT_COMPLETED,
  requires_confirmation: NOT_COMPLETED,
  requires_action: NOT_COMPLETED,
  processing: STILL_PROCESSING,
  // From the buyer's side, not finished yet.
  requires_capture: STILL_PROCESSING,
  canceled: { outcome: "failed", message: "Payment was canceled. Please try again." },
  succeeded: { outcome: "succeeded", message: "Payment was successful." },
};

export const UNCONFIRMED: StatusWords = {
  outcome: "unknown",
  message: "We could not confirm this payment. Please contact support.",
};

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** Including statuses a future provider version may add. */
export function describePaymentStatus(status: string): StatusWords {
  return isPaymentStatus(status) ? WORDS[status] : UNCONFIRMED;
}
