import { getFunnelSession } from "@/lib/leads/client/client-session";
import { decideDeparture, type Buyer } from "@/lib/offers/client/checkout-departure";
import { fireConfetti, NAVIGATE_AFTER_MS, stopConfetti } from "@/lib/offers/client/confetti";
import { prefetchPaymentIntent } from "@/lib/payments/client/prefetch-intent";

// An offer's checkout button: confetti, the payment intent created meanwhile (when checkout
// would accept the buyer's details), then checkout at least 500 ms after the click (spec §4).
// If the intent cannot be created for a passing reason the visitor stays on the offer and only
// the overlay goes away (spec §8); see checkout-departure.ts. Resolves true when it navigated.

export type { Buyer };

export async function leaveForCheckout(href: string, buyer: Buyer | undefined, navigate: () => void): Promise<boolean> {
  fireConfetti();
  const delay = new Promise((resolve) => window.setTimeout(resolve, NAVIGATE_AFTER_MS));
  const prepare = decideDeparture(href, buyer, (intent, contact) =>
    prefetchPaymentIntent({ ...intent, ...contact, contactId: getFunnelSession().contactId }).catch(
      (error: unknown) => {
        console.warn("[offer] payment intent not created", error);
        throw error;
      },
    ),
  );
  const [departure] = await Promise.all([prepare, delay]);
  if (departure === "stay") return false;
  // The confetti belongs to the offer: none may fall over the checkout form.
  stopConfetti();
  navigate();
  return true;
}
