import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { notFound } from "@/lib/platform/shared/api-error";
import { orderByPayment, type OrderWithSubscription } from "@/lib/payments/server/checkout-order";
import { viaGateway } from "@/lib/payments/server/gateway";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import type { PaymentStatusResponse } from "@/lib/payments/shared/response-schemas";
import type { ReturnParams } from "@/lib/payments/shared/return-params";

// A /payment-processing link opened where this browser's cookie and session storage are not (a
// new tab after 3-D Secure, another browser, a reload after storage was cleared): the payment's
// client secret in the link is the credential, as it is for Stripe.js. An intent id alone
// reveals nothing: without the matching secret every answer is the same 404.

const NOT_FOUND = "Payment information not found";
const FAILURE = "Failed to process payment";

/** Equal-time comparison of two secrets of any lengths (their digests have one length). */
export function sameSecret(presented: string, actual: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(actual));
}

/** True when `clientSecret` is the secret of the order's current payment, as its gateway says. */
export async function holdsClientSecret(
  order: OrderWithSubscription,
  clientSecret: string,
  failure: string,
): Promise<boolean> {
  const paymentId = order.providerPaymentId;
  // The id part of a secret is not secret; a secret of another intent needs no provider call.
  if (!paymentId || !clientSecret.startsWith(`${paymentId}_secret_`)) return false;
  const actual = await viaGateway(() => gatewayOf(order).clientSecretFor(paymentId), failure);
  return actual !== null && sameSecret(clientSecret, actual);
}

/**
 * The status of the link's payment, read from its gateway now. Once it succeeded, also the ids
 * the success page claims the order with (the same claim as the same-tab path).
 */
export async function paymentStatusForLink(link: ReturnParams): Promise<PaymentStatusResponse> {
  const order = await orderByPayment(link.paymentIntentId);
  if (!order || !(await holdsClientSecret(order, link.clientSecret, FAILURE))) throw notFound(NOT_FOUND);
  const state = await viaGateway(() => gatewayOf(order).retrievePayment(link.paymentIntentId), FAILURE);
  if (state.status !== "succeeded") return { paymentIntentId: link.paymentIntentId, status: state.status };
  return {
    paymentIntentId: link.paymentIntentId,
    status: state.status,
    order: {
      transactionId: order.id,
      contactId: order.contactId,
      ...(order.subscription ? { subscriptionId: order.subscription.providerSubscriptionId } : {}),
      productId: order.productId,
      quantity: order.quantity,
      amount: order.totalAmount,
    },
  };
}
