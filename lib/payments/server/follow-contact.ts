import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { conflict } from "@/lib/platform/shared/api-error";
import { reloadOrder, type OrderWithSubscription } from "@/lib/payments/server/checkout-order";
import { viaGateway, type PaymentGateway } from "@/lib/payments/server/gateway";
import { syncOrder } from "@/lib/payments/server/sync-order";

export const PAID_CONTACT_MESSAGE =
  "This payment has already been made, so its e-mail and name can no longer be changed. Please refresh the page.";
/** The buyer is typing, not racing. */
const ATTEMPTS = 3;

/**
 * The payment is created as soon as the e-mail is valid, and the buyer may still correct it: the
 * unpaid order and receipt follow. The provider is asked first, since our row may not know of a payment.
 */
export async function followContact(
  gateway: PaymentGateway,
  order: OrderWithSubscription,
  buyer: { email: string; name: string },
  failure: string,
): Promise<OrderWithSubscription> {
  let current = order;
  for (let attempt = 1; current.email !== buyer.email || current.name !== buyer.name; attempt++) {
    const paymentId = current.providerPaymentId;
    if (paymentId && !(await updatedAtProvider(gateway, current, paymentId, buyer, failure))) {
      const moved = await reloadOrder(current.id);
      if (moved.providerPaymentId === paymentId || attempt >= ATTEMPTS) return moved;
      current = moved;
      continue;
    }
    const prospect = await getDb().prospect.findUnique({ where: { email: buyer.email }, select: { id: true } });
    await getDb().order.updateMany({
      where: { id: current.id, status: { in: ["PENDING", "FAILED"] }, providerPaymentId: paymentId },
      data: { email: buyer.email, name: buyer.name, prospectId: prospect?.id ?? null },
    });
    const reloaded = await reloadOrder(current.id);
    if (reloaded.providerPaymentId === paymentId || attempt >= ATTEMPTS) return reloaded;
    current = reloaded;
  }
  return current;
}

async function updatedAtProvider(
  gateway: PaymentGateway,
  order: OrderWithSubscription,
  paymentId: string,
  buyer: { email: string; name: string },
  failure: string,
): Promise<boolean> {
  const state = await viaGateway(() => gateway.retrievePayment(paymentId), failure);
  if (state.status === "succeeded") {
    // Paid and not synced yet: record it for the address on the payment, as the webhook would.
    await syncOrder(order, { forBuyer: false, failure });
    throw conflict(PAID_CONTACT_MESSAGE, "already_paid");
  }
  if (state.status === "processing") throw conflict(PAID_CONTACT_MESSAGE, "already_paid");
  if (state.status === "canceled") return false;
  const ref = { paymentIntentId: paymentId, customerId: order.providerCustomerId };
  try {
    await viaGateway(() => gateway.updateContact(ref, buyer), failure);
    return true;
  } catch (error) {
    if ((await viaGateway(() => gateway.retrievePayment(paymentId), failure)).status === "canceled") return false;
    throw error;
  }
}
