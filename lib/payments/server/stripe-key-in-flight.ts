import "server-only";
import Stripe from "stripe";

// Parallel first calls send the same key on purpose, and Stripe answers 409 while the first is in
// flight; stripe-node's own retries run out before a slow provider answers.

const ATTEMPTS = 8;
const FIRST_DELAY_MS = 100;

/** stripe-node maps idempotency_error only for a 400. */
function isKeyInFlight(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError && error.statusCode === 409 && error.rawType === "idempotency_error"
  );
}

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
