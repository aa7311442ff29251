import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";
import { emitWebhookEvent } from "@/lib/platform/server/webhooks/emit-event";
import type { SubscriptionChange } from "@/lib/platform/shared/webhook-events";

// A buyer's own change to a subscription (docs/decisions/0041): one audit row naming the buyer by
// the address's keyed hash, never the address, and one `subscription.updated` event, in the change's
// transaction.

/** `setupIntentId`: the Stripe SetupIntent a card change applied, so a repeated call records once. */
export type BuyerActor = { email: string; via: "session" | "card_link"; setupIntentId?: string };

type ChangedSubscription = Prisma.SubscriptionGetPayload<{ include: { order: true } }>;

export async function recordBuyerChange(
  tx: Prisma.TransactionClient,
  subscription: ChangedSubscription,
  change: SubscriptionChange,
  actor: BuyerActor,
  changeId: string,
  now = new Date(),
): Promise<void> {
  const order = subscription.order;
  await recordAudit(
    {
      operatorId: null,
      action: `billing.${change.kind}`,
      targetType: "order",
      targetId: order.id,
      details: {
        actor: "buyer",
        buyer: addressHash(actor.email),
        via: actor.via,
        providerSubscriptionId: subscription.providerSubscriptionId,
        ...(actor.setupIntentId ? { setupIntentId: actor.setupIntentId } : {}),
        ...(change.kind === "seats" ? { from: change.from, to: change.to } : {}),
      },
    },
    tx,
  );
  await emitWebhookEvent(
    tx,
    "subscription.updated",
    `${subscription.id}:${changeId}`,
    {
      subscriptionId: subscription.id,
      transactionId: order.id,
      leadId: order.prospectId,
      name: order.name,
      email: order.email,
      productId: order.productId,
      productName: order.productName,
      seats: subscription.quantity,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      change,
      source: "buyer",
      updatedAt: now.toISOString(),
    },
    now,
  );
}
