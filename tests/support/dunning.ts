import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { savedDemoCard } from "@/lib/payments/shared/demo-cards";
import { outboxMails, type OpenedEmail } from "./outbox";

// Dunning tests' shared reads and the buyer's card change as the demo gateway keeps it.

export const GOOD_CARD = "4242 4242 4242 4242";

/** The dunning notices queued for an order, oldest first. */
export function dunningMails(orderId: string): Promise<OpenedEmail[]> {
  return outboxMails({ template: "dunning-notice", orderId });
}

/** The card-update token a notice carries (its link, in the plain-text body). */
export function cardUpdateToken(mail: OpenedEmail): string {
  const match = /\/billing\/card\?token=([^\s"&<>)\]]+)/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

/**
 * The buyer replaces the subscription's saved demo card (what the card form will do): the card is
 * saved for the customer as a confirmation saves it, and the subscription's renewals charge it.
 */
export async function replaceDemoCard(providerSubscriptionId: string, cardNumber = GOOD_CARD): Promise<void> {
  const db = getDb();
  const subscription = await db.demoSubscription.findUniqueOrThrow({ where: { id: providerSubscriptionId } });
  const first = await db.demoPaymentIntent.findUniqueOrThrow({ where: { id: subscription.latestPaymentIntentId } });
  const id = `pm_demo_${randomBytes(12).toString("hex")}`;
  await db.demoPaymentMethod.create({ data: { id, customerId: first.customerId!, ...savedDemoCard(cardNumber) } });
  await db.demoPaymentIntent.update({ where: { id: first.id }, data: { paymentMethodId: id } });
}

/** Outbox rows per idempotency key among `keys`' prefix: every key must be there once. */
export async function dunningKeyCounts(prefix = "dunning:"): Promise<Map<string, number>> {
  const rows = await getDb().outgoingEmail.groupBy({
    by: ["idempotencyKey"],
    where: { idempotencyKey: { startsWith: prefix } },
    _count: true,
  });
  return new Map(rows.map((r) => [r.idempotencyKey!, r._count]));
}
