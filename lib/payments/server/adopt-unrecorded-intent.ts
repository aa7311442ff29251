import "server-only";
import type Stripe from "stripe";
import { getDb } from "@/lib/platform/server/db";
import { orderByPayment, recordFirstPayment, type OrderWithSubscription } from "@/lib/payments/server/checkout-order";

// A charge made for an order whose request died before recording it (an off-session offer charge
// answered after the process stopped) is found by the order id we put in its metadata, so Stripe's
// webhook still settles it. Only an order with no intent of its own, of the same amount, adopts it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function adoptUnrecordedIntent(intent: Stripe.PaymentIntent): Promise<OrderWithSubscription | null> {
  const orderId = intent.metadata?.order_id;
  if (!orderId || !UUID.test(orderId)) return null;
  const order = await getDb().order.findUnique({
    where: { id: orderId },
    select: { id: true, gateway: true, totalAmount: true, currency: true, providerPaymentId: true },
  });
  if (!order || order.gateway !== "stripe" || order.providerPaymentId !== null) return null;
  if (order.totalAmount !== intent.amount || order.currency !== intent.currency) return null;
  await recordFirstPayment(order.id, { paymentIntentId: intent.id });
  return orderByPayment(intent.id);
}
