import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

// Loaded only in Stripe mode and only when a card form mounts (the pure entry injects nothing on import).

let promise: Promise<Stripe | null> | null = null;

export function getStripeJs(publishableKey: string): Promise<Stripe | null> {
  promise ??= loadStripe(publishableKey).catch((error: unknown) => {
    promise = null;
    throw error;
  });
  return promise;
}
