import "server-only";
import { orderBySubscription } from "@/lib/payments/server/checkout-order";
import { notFound } from "@/lib/platform/shared/api-error";
import { assertQuantity, findProduct } from "@/lib/payments/server/catalog";
import type { UpdateSubscriptionResponse } from "@/lib/payments/shared/schemas";
import { assertChangeable, changeSeats, currentSeats, secretVia } from "@/lib/payments/server/seat-change";
import { getGateway } from "@/lib/payments/server/select-gateway";
import { getDb } from "@/lib/platform/server/db";

// Only the creating browser, only before payment; the same count again is a no-op.

const FAILURE = "Failed to update subscription";

export async function updateSubscription(
  input: { subscriptionId: string; quantity: number },
  context: { browserId: string },
): Promise<UpdateSubscriptionResponse> {
  const order = await orderBySubscription(input.subscriptionId);
  if (!order || order.browserId !== context.browserId) throw notFound("Subscription not found.");
  const product = await findProduct(order.productId, true);
  if (!product) throw notFound("Subscription not found.");
  assertQuantity(product, input.quantity);
  const gateway = getGateway();
  assertChangeable(order);
  const seats =
    order.quantity === input.quantity
      ? await currentSeats(order, secretVia(gateway, FAILURE), FAILURE)
      : await changeSeats(gateway, order, product, input.quantity, FAILURE);
  // The coupon stays with the order; the page shows the new count's discount from this answer.
  const coupon = order.couponId
    ? await getDb().coupon.findUnique({ where: { id: order.couponId }, select: { code: true } })
    : null;
  return {
    subscriptionId: seats.subscriptionId,
    quantity: seats.quantity,
    clientSecret: seats.clientSecret,
    paymentIntentId: seats.paymentIntentId,
    amount: seats.totalAmount,
    ...(coupon
      ? { discountAmount: order.unitPrice * seats.quantity - seats.totalAmount, couponCode: coupon.code }
      : {}),
  };
}
