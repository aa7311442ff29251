import { intentForCheckout, type OfferIntent } from "@/lib/offers/shared/offer-intent";
import { contactNameSchema, isValidEmail } from "@/lib/leads/shared/contact-schema";
import { RequestFailedError } from "@/lib/platform/client/client-post";

// Prospects registered before the stricter e-mail rule (e.g. "jane@company") must still reach
// checkout to correct it, or the offer button would be a dead end.

export type Buyer = { name: string; email: string };
export type Departure = "navigate" | "stay";

export function canPrepareIntent(buyer: Buyer): boolean {
  return isValidEmail(buyer.email) && contactNameSchema.safeParse(buyer.name).success;
}

/** A 400 is fixable on the checkout form, so we go there; other failures only remove the overlay. */
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
