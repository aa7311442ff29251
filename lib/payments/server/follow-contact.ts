import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { reloadOrder } from "@/lib/payments/server/checkout-order";
import { viaGateway, type PaymentGateway } from "@/lib/payments/server/gateway";
import type { OrderWithSubscription } from "@/lib/payments/server/sync-order";

export type Buyer = { email: string; name: string };

/**
 * The form creates the payment as soon as the e-mail is valid, and the buyer may still be
 * correcting it (or the name): the unpaid order, and the receipt, follow the latest entry.
 */
export async function followContact(
  gateway: PaymentGateway,
  order: OrderWithSubscription,
  buyer: Buyer,
): Promise<OrderWithSubscription> {
  if (order.email === buyer.email && order.name === buyer.name) return order;
  const paymentId = order.providerPaymentId;
  if (paymentId) {
    const ref = { paymentIntentId: paymentId, customerId: order.providerCustomerId };
    await viaGateway(() => gateway.updateContact(ref, buyer), "Failed to create payment intent");
  }
  const prospect = await getDb().prospect.findUnique({ where: { email: buyer.email }, select: { id: true } });
  await getDb().order.updateMany({
    where: { id: order.id, status: { in: ["PENDING", "FAILED"] } },
    data: { email: buyer.email, name: buyer.name, prospectId: prospect?.id ?? null },
  });
  return reloadOrder(order.id);
}
