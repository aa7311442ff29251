import { DAY_MS, HOUR_MS, MINUTE_MS } from "@/lib/shared/dates";

// The buyer's billing sign-in (docs/decisions/0038): how long an e-mailed link and the session it
// opens last.

export const BILLING_LINK_MINUTES = 30;
export const BILLING_SESSION_HOURS = 24;
/** A dunning e-mail's card-update link outlives the whole retry schedule. */
export const CARD_UPDATE_LINK_DAYS = 21;

/** A buyer's subscription changes (cancel, resume, seats, card), per client address. */
export const BILLING_CHANGE_RULE = { name: "billing-change", limit: 20, windowSeconds: 600 } as const;

/** The same answer whether or not the address has orders, so the form tells nobody who bought. */
export const BILLING_LINK_SENT_MESSAGE =
  "If we have orders for that address, we sent a link to it. It works once, for 30 minutes.";

export function billingLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + BILLING_LINK_MINUTES * MINUTE_MS);
}

export function cardUpdateLinkExpiry(now: Date): Date {
  return new Date(now.getTime() + CARD_UPDATE_LINK_DAYS * DAY_MS);
}

export function billingSessionExpiry(now: Date): Date {
  return new Date(now.getTime() + BILLING_SESSION_HOURS * HOUR_MS);
}

/** A receipt's and the order list's date: the same words in every time zone (UTC). */
export function billingDate(date: Date): string {
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

const SUBSCRIPTION_WORDS: Record<string, string> = {
  active: "active",
  trialing: "in its trial",
  past_due: "payment overdue",
  unpaid: "unpaid",
  incomplete: "awaiting its first payment",
  incomplete_expired: "never started",
  canceled: "ended",
  paused: "paused",
};

/** A provider's subscription status in words a buyer reads. */
export function subscriptionWords(status: string): string {
  return Object.hasOwn(SUBSCRIPTION_WORDS, status) ? SUBSCRIPTION_WORDS[status]! : "being updated";
}

/** The card on file as a buyer reads it: brand and last four where the provider gave them. */
export function cardWords(card: { brand: string | null; last4: string | null } | null): string {
  if (!card?.last4) return "on file with the payment provider";
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : "Card";
  return `${brand} ending ${card.last4}`;
}
