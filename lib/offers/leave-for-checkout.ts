import { getFunnelSession } from "@/lib/funnel/client-session";
import { fireConfetti, NAVIGATE_AFTER_MS } from "@/lib/offers/confetti";
import { intentForCheckout } from "@/lib/offers/offer-intent";
import { prefetchPaymentIntent } from "@/lib/payments/prefetch-intent";

// An offer's checkout button: confetti, the payment intent created meanwhile, then checkout at
// least 500 ms after the click (spec §4). If the intent cannot be created the visitor stays on
// the offer and only the overlay goes away (spec §8). Resolves true when it navigated.

export type Buyer = { name: string; email: string };

export async function leaveForCheckout(href: string, buyer: Buyer | undefined, navigate: () => void): Promise<boolean> {
  fireConfetti();
  const delay = new Promise((resolve) => window.setTimeout(resolve, NAVIGATE_AFTER_MS));
  const intent = buyer ? intentForCheckout(href) : null;
  if (!intent || !buyer) {
    await delay;
    navigate();
    return true;
  }
  try {
    await Promise.all([prefetchPaymentIntent({ ...intent, ...buyer, contactId: getFunnelSession().contactId }), delay]);
  } catch (error) {
    console.warn("[offer] payment intent not created; staying on the offer", error);
    return false;
  }
  navigate();
  return true;
}
