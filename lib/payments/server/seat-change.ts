import "server-only";
import { ApiError, conflict } from "@/lib/platform/shared/api-error";
import type { Product } from "@/lib/payments/server/catalog";
import {
  isUnpaidStatus,
  recordReplacement,
  reloadOrder,
  type OrderWithSubscription,
} from "@/lib/payments/server/checkout-order";
import { AlreadyPaidError, viaGateway, type PaymentGateway } from "@/lib/payments/server/gateway";
import { attributionMetadata } from "@/lib/payments/shared/attribution";

// A seat change on an unpaid subscription, for update-subscription and for a create call with
// another count. The provider replaces the subscription atomically (it refuses once the first
// payment succeeded: 409 already_paid, and the order keeps pointing at the paid intent for the
// claim or webhook to fulfil); the order then moves to the replacement by a conditional update.
// A change that loses that update (a concurrent change moved the order first) discards what it
// made and answers with the order's current subscription.

export type SeatChange = {
  subscriptionId: string;
  paymentIntentId: string;
  clientSecret: string;
  quantity: number;
  totalAmount: number;
};

// Our order row may still say PENDING just after the buyer paid; only the provider knows, and only
// its own refusal (the first step of every replacement, gateway.ts) is free of a check-then-act race.
export const ALREADY_PAID_MESSAGE =
  "This payment has already been made, so the seat count can no longer be changed. Please refresh the page.";

export const CANCELED_MESSAGE = "This subscription was cancelled. Please refresh the page to start again.";

/** 409 unless the order may still change: cancelled at the provider, or paid. */
export function assertChangeable(order: OrderWithSubscription): void {
  if (order.status === "CANCELED") throw conflict(CANCELED_MESSAGE, "canceled");
  if (!isUnpaidStatus(order.status)) throw conflict(ALREADY_PAID_MESSAGE, "already_paid");
}

/** An intent's client secret through the gateway, failing with the route's message. */
export function secretVia(gateway: PaymentGateway, failure: string) {
  return (paymentIntentId: string) => viaGateway(() => gateway.clientSecretFor(paymentIntentId), failure);
}

/** The order's subscription as it stands, with its intent's client secret. */
export async function currentSeats(
  order: OrderWithSubscription,
  secretOf: (paymentIntentId: string) => Promise<string | null>,
  failure: string,
): Promise<SeatChange> {
  const paymentId = order.providerPaymentId;
  const subscription = order.subscription;
  const clientSecret = paymentId ? await secretOf(paymentId) : null;
  if (!paymentId || !subscription || !clientSecret) throw new ApiError("gateway_error", failure);
  return {
    subscriptionId: subscription.providerSubscriptionId,
    paymentIntentId: paymentId,
    clientSecret,
    quantity: order.quantity,
    totalAmount: order.totalAmount,
  };
}

export async function changeSeats(
  gateway: PaymentGateway,
  order: OrderWithSubscription,
  product: Product,
  quantity: number,
  failure: string,
): Promise<SeatChange> {
  assertChangeable(order);
  const fromPaymentId = order.providerPaymentId;
  const subscription = order.subscription;
  if (!fromPaymentId || !subscription) throw new ApiError("gateway_error", failure);
  const input = {
    orderId: order.id,
    productId: product.id,
    productName: product.name,
    unitAmount: product.unitAmount,
    currency: product.currency,
    quantity,
    email: order.email,
    name: order.name,
    // One replacement per (intent replaced, count): a double click or a retry after a timeout
    // gets the same new subscription back instead of a second one.
    idempotencyKey: `order:${order.id}:from:${fromPaymentId}:q${quantity}`,
    metadata: attributionMetadata(order),
  };
  const changed = await viaGateway(async () => {
    try {
      return await gateway.changeSubscriptionQuantity(subscription.providerSubscriptionId, input);
    } catch (error) {
      if (error instanceof AlreadyPaidError) throw conflict(ALREADY_PAID_MESSAGE, "already_paid");
      throw error;
    }
  }, failure);
  const totalAmount = product.unitAmount * quantity;
  if (await recordReplacement(order.id, fromPaymentId, changed, { quantity, totalAmount })) {
    // Only now is the replaced subscription no longer the order's: end it at the provider.
    await gateway.discard({ paymentIntentId: fromPaymentId, subscriptionId: subscription.providerSubscriptionId });
    return { ...changed, quantity, totalAmount };
  }
  const current = await reloadOrder(order.id);
  if (current.providerPaymentId !== changed.paymentIntentId) {
    await gateway.discard({ paymentIntentId: changed.paymentIntentId, subscriptionId: changed.subscriptionId });
  }
  assertChangeable(current);
  return currentSeats(current, secretVia(gateway, failure), failure);
}
