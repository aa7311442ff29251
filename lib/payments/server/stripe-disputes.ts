import "server-only";
import Stripe from "stripe";
import { getDb } from "@/lib/platform/server/db";
import { getStripe } from "@/lib/payments/server/stripe-client";
import { orderByPayment } from "@/lib/payments/server/checkout-order";

// Re-read from Stripe, so a late .created cannot overwrite a .closed. The money is Stripe's to
// move; the operator answers in Stripe.

export const DISPUTE_EVENTS = new Set(["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed"]);

const intentOf = (dispute: Stripe.Dispute) =>
  typeof dispute.payment_intent === "string" ? dispute.payment_intent : (dispute.payment_intent?.id ?? null);

export async function syncDispute(disputeId: string): Promise<boolean> {
  const dispute = await getStripe()
    .disputes.retrieve(disputeId)
    .catch((error: unknown) => {
      if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") return null;
      throw error;
    });
  if (!dispute) return false;
  const paymentIntentId = intentOf(dispute);
  const order = paymentIntentId ? await orderByPayment(paymentIntentId) : null;
  if (!order) return false;
  const fields = {
    amount: dispute.amount,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status,
  };
  await getDb().dispute.upsert({
    where: { providerDisputeId: dispute.id },
    create: {
      orderId: order.id,
      providerDisputeId: dispute.id,
      ...fields,
      createdAt: new Date(dispute.created * 1000),
    },
    update: fields,
  });
  return true;
}
