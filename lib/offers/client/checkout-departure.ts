import { intentForCheckout, type OfferIntent } from "@/lib/offers/shared/offer-intent";
import { contactNameSchema, isValidEmail } from "@/lib/leads/shared/contact-schema";
import { RequestFailedError } from "@/lib/platform/client/client-post";

// Whether an offer's checkout button leaves for checkout (spec §4, §8). Register now applies the
// same e-mail rule as checkout, but prospects registered before it did may hold an address such
// as "jane@company" that checkout refuses; they must still reach the checkout page, where the
// e-mail can be corrected, or the offer button would be a dead end. Pure, so it is unit-tested.

export type Buyer = { name: string; email: string };
export type Departure = "navigate" | "stay";

/** Pre-creating the payment is only worth trying for contact details checkout would accept. */
export function canPrepareIntent(buyer: Buyer): boolean {
  return isValidEmail(buyer.email) && contactNameSchema.safeParse(buyer.name).success;
}

/**
 * A 400 is a permanent input problem the checkout form lets the visitor fix, so we go there.
 * A provider or network failure (no answer, 5xx, 429) only removes the overlay (spec §8): the
 * visitor stays on the offer and may click again.
 */
export function departureAfterFailure(error: unknown): Departure {
  return error instanceof RequestFailedError && error.status === 400 ? "navigate" : "stay";
}

export async function decideDeparture(
  href: string,
  buyer: Buyer | undefined,
  prepare: (intent: OfferIntent, buyer: Buyer) => Promise<void>,
): Promise<Departure> {
  const intent = buyer ? intentForCheckout(href) : null;
  if (!intent || !buyer || !canPrepareIntent(buyer)) return "navigate";
  try {
    await prepare(intent, buyer);
    return "navigate";
  } catch (error) {
    return departureAfterFailure(error);
  }
}
