import { getFunnelSession } from "@/lib/leads/client/client-session";
import { decideDeparture, type Buyer } from "@/lib/offers/client/checkout-departure";
import { fireConfetti, NAVIGATE_AFTER_MS, stopConfetti } from "@/lib/offers/client/confetti";
import { prefetchPaymentIntent } from "@/lib/payments/client/prefetch-intent";

// A passing failure to create the intent keeps the visitor on the offer (checkout-departure.ts).
// Resolves true when it navigated.

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
  // None may fall over the checkout form.
  stopConfetti();
  navigate();
  return true;
}
