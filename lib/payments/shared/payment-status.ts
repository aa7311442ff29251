// A PaymentIntent's status → what the buyer reads (issue 10 item 3). The spec's sentence is
// "Payment {status}. Please try again."; the provider's status words (requires_payment_method)
// are not English, so each status gets words a person reads in that sentence's shape. Pure: the
// processing page and the success route both answer with these sentences, and nothing else may
// put a raw status on the screen.

/** Every status a Stripe PaymentIntent can have (the demo gateway uses the same list). */
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

/**
 * succeeded: paid. pending: the money may still arrive, so nobody is told to pay again.
 * failed: nothing was paid; the buyer may try again. unknown: a status this list does not know.
 */
export type PaymentOutcome = "succeeded" | "pending" | "failed" | "unknown";
export type StatusWords = { outcome: PaymentOutcome; message: string };

const NOT_COMPLETED: StatusWords = { outcome: "failed", message: "Payment was not completed. Please try again." };
const STILL_PROCESSING: StatusWords = { outcome: "pending", message: "Payment is still processing." };

const WORDS: Record<PaymentStatus, StatusWords> = {
  // Declined, or the bank's verification failed: the intent waits for another card.
  requires_payment_method: NOT_COMPLETED,
  requires_confirmation: NOT_COMPLETED,
  // The bank's verification (3-D Secure, a redirect) was left unfinished.
  requires_action: NOT_COMPLETED,
  processing: STILL_PROCESSING,
  // Authorised and waiting to be captured: from the buyer's side, not finished yet.
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

/** The words for any status string, including ones a future provider version may add. */
export function describePaymentStatus(status: string): StatusWords {
  return isPaymentStatus(status) ? WORDS[status] : UNCONFIRMED;
}
