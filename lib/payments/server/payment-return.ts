import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { notFound } from "@/lib/platform/shared/api-error";
import { orderByPayment, type OrderWithSubscription } from "@/lib/payments/server/checkout-order";
import { viaGateway } from "@/lib/payments/server/gateway";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { openStep } from "@/lib/payments/server/read-offer-chain";
import type { PaymentStatusResponse } from "@/lib/payments/shared/response-schemas";
import type { ReturnParams } from "@/lib/payments/shared/return-params";

// A link opened without this browser's cookie and storage (a new tab after 3-D Secure): the client
// secret is the credential, as for Stripe.js. Without it every answer is the same 404.

const NOT_FOUND = "Payment information not found";
const FAILURE = "Failed to process payment";

/** Digests have one length, so any two secrets compare in equal time. */
export function sameSecret(presented: string, actual: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(actual));
}

export async function holdsClientSecret(
  order: OrderWithSubscription,
  clientSecret: string,
  failure: string,
): Promise<boolean> {
  const paymentId = order.providerPaymentId;
  // A secret of another intent needs no provider call.
  if (!paymentId || !clientSecret.startsWith(`${paymentId}_secret_`)) return false;
  const actual = await viaGateway(() => gatewayOf(order).clientSecretFor(paymentId), failure);
  return actual !== null && sameSecret(clientSecret, actual);
}

/**
 * Once paid, also the ids the success page claims the order with (as on the same-tab path), and
 * for the buying browser whether an offer follows: the offers answer only that browser.
 */
export async function paymentStatusForLink(
  link: ReturnParams,
  context: { browserId: string },
): Promise<PaymentStatusResponse> {
  const order = await orderByPayment(link.paymentIntentId);
  if (!order || !(await holdsClientSecret(order, link.clientSecret, FAILURE))) throw notFound(NOT_FOUND);
  const state = await viaGateway(() => gatewayOf(order).retrievePayment(link.paymentIntentId), FAILURE);
  if (state.status !== "succeeded") return { paymentIntentId: link.paymentIntentId, status: state.status };
  const offerFollows =
    order.browserId === context.browserId &&
    order.parentOrderId === null &&
    !order.isSubscription &&
    (await openStep(order)) !== null;
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
      ...(offerFollows ? { offerFollows: true as const } : {}),
    },
  };
}
