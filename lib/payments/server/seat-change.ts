import "server-only";
import { ApiError, conflict } from "@/lib/platform/shared/api-error";
import type { Product } from "@/lib/payments/server/catalog";
import {
  isUnpaidStatus,
  recordReplacement,
  reloadOrder,
  type OrderWithSubscription,
} from "@/lib/payments/server/checkout-order";
import {
  AlreadyPaidError,
  viaGateway,
  type PaymentGateway,
  type SubscriptionCoupon,
} from "@/lib/payments/server/gateway";
import { attributionMetadata } from "@/lib/payments/shared/attribution";
import { subscriptionCouponOf } from "@/lib/payments/server/order-coupon";
import { subscriptionDiscount } from "@/lib/payments/shared/coupon-rules";

// The provider replaces the subscription atomically and refuses once paid (409 already_paid);
// the order then moves by a conditional update. A change that loses discards what it made.

export type SeatChange = {
  subscriptionId: string;
  paymentIntentId: string;
  clientSecret: string;
  quantity: number;
  totalAmount: number;
};

// Only the provider's own refusal is free of a check-then-act race: our row may still say PENDING.
export const ALREADY_PAID_MESSAGE =
  "This payment has already been made, so the seat count can no longer be changed. Please refresh the page.";

export const CANCELED_MESSAGE = "This subscription was cancelled. Please refresh the page to start again.";

export function assertChangeable(order: OrderWithSubscription): void {
  if (order.status === "CANCELED") throw conflict(CANCELED_MESSAGE, "canceled");
  if (!isUnpaidStatus(order.status)) throw conflict(ALREADY_PAID_MESSAGE, "already_paid");
}

export function secretVia(gateway: PaymentGateway, failure: string) {
  return (paymentIntentId: string) => viaGateway(() => gateway.clientSecretFor(paymentIntentId), failure);
}

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

/** The new first invoice with the order's coupon, which a count taking it under the card minimum refuses. */
function seatTotals(listAmount: number, coupon: SubscriptionCoupon | undefined) {
  if (!coupon) return { totalAmount: listAmount };
  const discountAmount = subscriptionDiscount(coupon, listAmount);
  if (discountAmount === null) {
    throw new ApiError("coupon_invalid", "With this many seats the coupon would bring the payment under $0.50.");
  }
  return { totalAmount: listAmount - discountAmount, listAmount, discountAmount };
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
    // The order keeps the seat price it was created with, whatever the catalog says since.
    unitAmount: order.unitPrice,
    currency: product.currency,
    quantity,
    email: order.email,
    name: order.name,
    // A double click or a retry gets the same new subscription back.
    idempotencyKey: `order:${order.id}:from:${fromPaymentId}:q${quantity}`,
    metadata: attributionMetadata(order),
    coupon: await subscriptionCouponOf(order),
  };
  const totals = seatTotals(order.unitPrice * quantity, input.coupon);
  const changed = await viaGateway(async () => {
    try {
      return await gateway.changeSubscriptionQuantity(subscription.providerSubscriptionId, input);
    } catch (error) {
      if (error instanceof AlreadyPaidError) throw conflict(ALREADY_PAID_MESSAGE, "already_paid");
      throw error;
    }
  }, failure);
  if (await recordReplacement(order.id, fromPaymentId, changed, { quantity, ...totals })) {
    await gateway.discard({ paymentIntentId: fromPaymentId, subscriptionId: subscription.providerSubscriptionId });
    return { ...changed, quantity, totalAmount: totals.totalAmount };
  }
  const current = await reloadOrder(order.id);
  if (current.providerPaymentId !== changed.paymentIntentId) {
    await gateway.discard({ paymentIntentId: changed.paymentIntentId, subscriptionId: changed.subscriptionId });
  }
  assertChangeable(current);
  return currentSeats(current, secretVia(gateway, failure), failure);
}
