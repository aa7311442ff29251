import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { ApiError, notFound } from "@/lib/platform/shared/api-error";
import { CREDENTIALS_ISSUED_MESSAGE, CREDENTIALS_NEW_MESSAGE } from "@/lib/payments/server/fulfil-order";
import {
  withSubscription,
  orderByPayment,
  orderBySubscription,
  type OrderWithSubscription,
} from "@/lib/payments/server/checkout-order";
import { holdsClientSecret } from "@/lib/payments/server/payment-return";
import { describePaymentStatus, UNCONFIRMED } from "@/lib/payments/shared/payment-status";
import type { PaymentSuccessResponse } from "@/lib/payments/shared/schemas";
import { syncOrder } from "@/lib/payments/server/sync-order";

// Only the browser that created the order, or the holder of the payment's client secret, may
// claim; only a payment reported paid in full is fulfilled.

const FAILURE = "Failed to process payment success";

export type PaymentLookup = {
  transactionId?: string;
  paymentIntentId?: string;
  subscriptionId?: string;
  contactId?: string;
  clientSecret?: string;
};

async function findOrder(lookup: PaymentLookup): Promise<OrderWithSubscription | null> {
  const candidates: (OrderWithSubscription | null)[] = [];
  if (lookup.transactionId) {
    candidates.push(await getDb().order.findUnique({ where: { id: lookup.transactionId }, include: withSubscription }));
  }
  if (lookup.paymentIntentId) candidates.push(await orderByPayment(lookup.paymentIntentId));
  if (lookup.subscriptionId) candidates.push(await orderBySubscription(lookup.subscriptionId));
  const first = candidates[0];
  // A mix of two orders is someone else's data.
  if (!first || candidates.some((c) => c?.id !== first.id)) return null;
  return first;
}

export async function claimPaymentSuccess(
  lookup: PaymentLookup,
  context: { browserId: string },
): Promise<PaymentSuccessResponse> {
  if (!lookup.transactionId && !lookup.paymentIntentId && !lookup.subscriptionId) {
    throw new ApiError("invalid_request", "Missing payment information. Please contact support.");
  }
  const order = await findOrder(lookup);
  if (!order || (lookup.contactId && lookup.contactId !== order.contactId)) {
    throw notFound("Payment information not found");
  }
  const owner =
    order.browserId === context.browserId ||
    (lookup.clientSecret !== undefined && (await holdsClientSecret(order, lookup.clientSecret, FAILURE)));
  if (!owner) throw notFound("Payment information not found");

  const { fulfilment, state } = await syncOrder(order, { forBuyer: true, failure: FAILURE });
  if (!fulfilment && state.refunded) throw new ApiError("order_refunded");
  if (!fulfilment) {
    // Never the raw status.
    const words = describePaymentStatus(state.status);
    throw new ApiError("payment_not_succeeded", (words.outcome === "succeeded" ? UNCONFIRMED : words).message);
  }
  return {
    success: true,
    message: fulfilment.password ? CREDENTIALS_NEW_MESSAGE : CREDENTIALS_ISSUED_MESSAGE,
    loginDetails: {
      email: fulfilment.loginEmail,
      ...(fulfilment.password ? { password: fulfilment.password } : {}),
      productPurchased: fulfilment.productPurchased,
      seatsCount: fulfilment.seatsCount,
    },
    token: fulfilment.token,
    transactionId: fulfilment.transactionId,
  };
}
