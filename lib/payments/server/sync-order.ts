import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { Order, OrderStatus, Subscription } from "@/lib/generated/prisma/client";
import { demoGateway } from "@/lib/payments/server/demo-gateway";
import { fulfilOrder, type Fulfilment } from "@/lib/payments/server/fulfil-order";
import type { PaymentGateway, PaymentState } from "@/lib/payments/server/gateway";
import { stripeGateway } from "@/lib/payments/server/stripe-gateway";

// Brings one order in line with what the gateway says now (design.md §7: state is re-read from
// the provider, so the order in which webhooks or success calls arrive does not matter). Paid in
// full for the catalog amount → fulfilled exactly once; otherwise the status mirrors the gateway.

export type OrderWithSubscription = Order & { subscription: Subscription | null };
export type SyncResult = { state: PaymentState; paid: boolean; fulfilment: Fulfilment | null };

function gatewayOf(order: Order): PaymentGateway {
  return order.gateway === "stripe" ? stripeGateway : demoGateway;
}

export function isPaidInFull(order: Order, state: PaymentState): boolean {
  return (
    state.status === "succeeded" &&
    state.amountPaid === order.totalAmount &&
    state.currency.toLowerCase() === order.currency.toLowerCase()
  );
}

// A subscription ended at the provider before its first payment is over, even while its
// first invoice is still open (Stripe leaves it payable after a manual cancel).
const ENDED_SUBSCRIPTION = new Set(["canceled", "incomplete_expired"]);

function unpaidStatus(state: PaymentState): OrderStatus {
  if (state.status === "canceled" || ENDED_SUBSCRIPTION.has(state.subscriptionStatus ?? "")) return "CANCELED";
  if (state.failed) return "FAILED";
  return "PENDING";
}

/** `forBuyer`: the caller is the buyer's own browser, which may be shown the password. */
export async function syncOrder(order: OrderWithSubscription, options: { forBuyer: boolean }): Promise<SyncResult> {
  const gateway = gatewayOf(order);
  const db = getDb();
  const state = order.subscription
    ? await gateway.retrieveSubscription(order.subscription.providerSubscriptionId)
    : order.providerPaymentId
      ? await gateway.retrievePayment(order.providerPaymentId)
      : null;
  if (!state) return { state: unknown(), paid: false, fulfilment: null };

  // `order` was read before the gateway call; a seat change may have replaced its intent and
  // subscription since. Every write below is conditioned on the ids this sync looked at, so a
  // stale sync (e.g. a late payment_intent.canceled for the replaced intent) changes nothing.
  if (order.subscription && state.subscriptionStatus) {
    await db.subscription.updateMany({
      where: { id: order.subscription.id, providerSubscriptionId: order.subscription.providerSubscriptionId },
      data: {
        status: state.subscriptionStatus,
        quantity: state.quantity ?? order.subscription.quantity,
        ...(state.currentPeriodEnd ? { currentPeriodEnd: state.currentPeriodEnd } : {}),
      },
    });
  }
  // A subscription's latest intent may be one we replaced; only the order's own intent counts.
  const ownIntent = !state.paymentIntentId || state.paymentIntentId === order.providerPaymentId;
  const paid = ownIntent && isPaidInFull(order, state);
  if (paid && state.refunded && !order.fulfilledAt) {
    // Refunded before anyone claimed it: record the refund and issue nothing.
    await db.order.updateMany({
      where: { id: order.id, fulfilledAt: null, providerPaymentId: order.providerPaymentId },
      data: { status: "REFUNDED" },
    });
    return { state, paid: false, fulfilment: null };
  }
  if (paid) {
    const fulfilment = await fulfilOrder(order.id, {
      finalStatus: state.refunded ? "REFUNDED" : "SUCCEEDED",
      forBuyer: options.forBuyer,
    });
    return { state, paid, fulfilment };
  }
  if (!order.fulfilledAt) {
    await db.order.updateMany({
      where: { id: order.id, fulfilledAt: null, providerPaymentId: order.providerPaymentId },
      data: { status: unpaidStatus(state), failureMessage: state.failed ? "payment declined" : null },
    });
  }
  return { state, paid, fulfilment: null };
}

function unknown(): PaymentState {
  return { paymentIntentId: null, status: "unknown", amountPaid: 0, currency: "usd", refunded: false, failed: false };
}
