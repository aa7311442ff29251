import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db";
import { conflict, notFound } from "@/lib/http/api-error";
import { findProduct } from "@/lib/payments/catalog";
import { isUnpaidStatus, recordSubscription } from "@/lib/payments/create-payment-intent";
import { viaGateway } from "@/lib/payments/gateway";
import type { UpdateSubscriptionResponse } from "@/lib/payments/schemas";
import { ALREADY_PAID_MESSAGE, assertSubscriptionUnpaid } from "@/lib/payments/paid-guard";
import { getGateway } from "@/lib/payments/select-gateway";

// POST /api/update-subscription: the team checkout's seat stepper. Only the browser that created
// the subscription may change it, only before it is paid (a declined attempt is unpaid); the same
// count again is a no-op.

const FAILURE = "Failed to update subscription";

export async function updateSubscription(
  input: { subscriptionId: string; quantity: number },
  context: { browserId: string },
): Promise<UpdateSubscriptionResponse> {
  const db = getDb();
  const found = await db.subscription.findUnique({
    where: { providerSubscriptionId: input.subscriptionId },
    include: { order: true },
  });
  if (!found || found.order.browserId !== context.browserId) throw notFound("Subscription not found.");
  const product = findProduct(found.order.productId, true);
  if (!product) throw notFound("Subscription not found.");
  const gateway = getGateway();

  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM orders WHERE id = ${found.orderId}::uuid FOR UPDATE`;
      const order = await tx.order.findUniqueOrThrow({ where: { id: found.orderId }, include: { subscription: true } });
      const subscription = order.subscription;
      if (!subscription || subscription.providerSubscriptionId !== input.subscriptionId) {
        // Replaced by an earlier update: the caller holds a stale id.
        throw conflict("This subscription was already updated. Please refresh the page and try again.");
      }
      // A declined card (FAILED) paid nothing: the buyer may still change seats and retry.
      if (order.status === "CANCELED") {
        // Expired or cancelled at the provider: a refreshed checkout starts a new subscription.
        throw conflict("This subscription was cancelled. Please refresh the page to start again.", "canceled");
      }
      if (!isUnpaidStatus(order.status)) throw conflict(ALREADY_PAID_MESSAGE, "already_paid");
      if (order.quantity === input.quantity && order.providerPaymentId) {
        const paymentId = order.providerPaymentId;
        const clientSecret = await viaGateway(() => gateway.clientSecretFor(paymentId, tx), FAILURE);
        if (clientSecret) {
          return {
            subscriptionId: subscription.providerSubscriptionId,
            quantity: order.quantity,
            clientSecret,
            paymentIntentId: order.providerPaymentId,
          };
        }
      }
      await assertSubscriptionUnpaid(gateway, subscription.providerSubscriptionId, FAILURE);
      const change = {
        orderId: order.id,
        productId: product.id,
        productName: product.name,
        unitAmount: product.unitAmount,
        currency: product.currency,
        quantity: input.quantity,
        email: order.email,
        name: order.name,
        idempotencyKey: `order:${order.id}:q${input.quantity}:${randomUUID()}`,
      };
      const changed = await viaGateway(
        () => gateway.changeSubscriptionQuantity(subscription.providerSubscriptionId, change, tx),
        FAILURE,
      );
      await recordSubscription(tx, order.id, changed, input.quantity, product.unitAmount * input.quantity);
      return {
        subscriptionId: changed.subscriptionId,
        quantity: input.quantity,
        clientSecret: changed.clientSecret,
        paymentIntentId: changed.paymentIntentId,
      };
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}
