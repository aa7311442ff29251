import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { Order, OrderStatus } from "@/lib/generated/prisma/client";
import type { OrderWithSubscription } from "@/lib/payments/server/checkout-order";
import { unknownState } from "@/lib/payments/server/demo-gateway";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { fulfilOrder, type Fulfilment } from "@/lib/payments/server/fulfil-order";
import { viaGateway, type PaymentState } from "@/lib/payments/server/gateway";
import { syncProviderRefunds } from "@/lib/payments/server/sync-refunds";

// State is re-read from the provider, so the order in which webhooks and success calls arrive
// does not matter. Paid in full → fulfilled exactly once.

export type SyncResult = { state: PaymentState; paid: boolean; fulfilment: Fulfilment | null };

export function isPaidInFull(order: Order, state: PaymentState): boolean {
  return (
    state.status === "succeeded" &&
    state.amountPaid === order.totalAmount &&
    state.currency.toLowerCase() === order.currency.toLowerCase()
  );
}

// Stripe leaves the first invoice payable after a manual cancel.
const ENDED_SUBSCRIPTION = new Set(["canceled", "incomplete_expired"]);

/**
 * A cancelled first intent under a live subscription is a seat change half done; marking the
 * order CANCELED would make the next create start a second order beside it.
 */
function unpaidStatus(state: PaymentState, isSubscription: boolean): OrderStatus {
  const ended = isSubscription ? ENDED_SUBSCRIPTION.has(state.subscriptionStatus ?? "") : state.status === "canceled";
  if (ended) return "CANCELED";
  if (state.failed) return "FAILED";
  return "PENDING";
}

/** `failure`: message of the 502/503 when a provider read fails (our own writes are not wrapped). */
export async function syncOrder(
  order: OrderWithSubscription,
  options: { forBuyer: boolean; failure: string },
): Promise<SyncResult> {
  const gateway = gatewayOf(order);
  const db = getDb();
  const subscription = order.subscription;
  const paymentId = order.providerPaymentId;
  const state = subscription
    ? await viaGateway(() => gateway.retrieveSubscription(subscription.providerSubscriptionId), options.failure)
    : paymentId
      ? await viaGateway(() => gateway.retrievePayment(paymentId), options.failure)
      : null;
  if (!state) return { state: unknownState(null), paid: false, fulfilment: null };

  // A seat change may have replaced the intent since `order` was read: every write is conditioned
  // on the ids this sync looked at, so a stale sync changes nothing.
  if (order.subscription && state.subscriptionStatus) {
    await db.subscription.updateMany({
      where: { id: order.subscription.id, providerSubscriptionId: order.subscription.providerSubscriptionId },
      data: {
        status: state.subscriptionStatus,
        quantity: state.quantity ?? order.subscription.quantity,
        ...(state.currentPeriodEnd ? { currentPeriodEnd: state.currentPeriodEnd } : {}),
        ...(state.cancelAtPeriodEnd !== undefined ? { cancelAtPeriodEnd: state.cancelAtPeriodEnd } : {}),
      },
    });
  }
  // After a renewal the subscription reports a later invoice's payment; the order was bought with
  // its first one, so that one decides paid, refunded or declined.
  const payment =
    subscription && paymentId && state.paymentIntentId !== paymentId
      ? { ...state, ...(await viaGateway(() => gateway.retrievePayment(paymentId), options.failure)) }
      : state;
  const ownIntent = !payment.paymentIntentId || payment.paymentIntentId === order.providerPaymentId;
  const paid = ownIntent && isPaidInFull(order, payment);
  if (paid && payment.amountRefunded > 0) await syncProviderRefunds(order, gateway, options.failure);
  if (paid && payment.refunded) {
    if (!order.fulfilledAt) {
      await db.order.updateMany({
        where: { id: order.id, fulfilledAt: null, providerPaymentId: order.providerPaymentId },
        data: { status: "REFUNDED" },
      });
    }
    return { state: payment, paid: false, fulfilment: null };
  }
  // A fulfilled order owes a webhook or a sweep nothing: only the buyer's own call gets a fresh token.
  if (paid && order.fulfilledAt && !options.forBuyer) return { state: payment, paid, fulfilment: null };
  if (paid) {
    const fulfilment = await fulfilOrder(order.id, { finalStatus: "SUCCEEDED", forBuyer: options.forBuyer });
    return { state: payment, paid, fulfilment };
  }
  if (!order.fulfilledAt) {
    await db.order.updateMany({
      where: { id: order.id, fulfilledAt: null, providerPaymentId: order.providerPaymentId },
      data: {
        status: unpaidStatus(payment, order.subscription !== null),
        failureMessage: payment.failed ? "payment declined" : null,
      },
    });
  }
  return { state: payment, paid, fulfilment: null };
}
