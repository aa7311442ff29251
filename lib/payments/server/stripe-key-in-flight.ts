import "server-only";
import Stripe from "stripe";

// Stripe answers 409 idempotency_error while a request with the same Idempotency-Key is still
// being processed, and parallel first calls of one checkout send the same key on purpose (one
// order, one intent). The later callers wait here until the first one's answer can be replayed.
// stripe-node retries a 409 only up to maxNetworkRetries (2, and 0 against the test double),
// which a provider answering in a second or two outlasts.

const ATTEMPTS = 8;
const FIRST_DELAY_MS = 100;

/** stripe-node makes this answer a StripeAPIError (it maps idempotency_error only for a 400). */
function isKeyInFlight(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError && error.statusCode === 409 && error.rawType === "idempotency_error"
  );
}

/** Runs a keyed Stripe call, again after a short growing delay while its key is in flight (≤ ~13 s). */
export async function whileKeyInFlight<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isKeyInFlight(error) || attempt >= ATTEMPTS) throw error;
      // Jitter keeps parallel waiters from coming back in lockstep.
      const delay = FIRST_DELAY_MS * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
