import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { Order } from "@/lib/generated/prisma/client";
import { viaGateway, type PaymentGateway } from "@/lib/payments/server/gateway";
import { recordRefund } from "@/lib/payments/server/record-refund";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// Refunds made in Stripe's dashboard, or by a console request that failed before recording its
// own, so charge.refunded in any order, or twice, ends in the same rows.

export async function syncProviderRefunds(order: Order, gateway: PaymentGateway, failure: string): Promise<number> {
  const paymentId = order.providerPaymentId;
  if (!paymentId) return 0;
  const refunds = await viaGateway(() => gateway.listRefunds(paymentId), failure);
  const db = getDb();
  let recorded = 0;
  for (const refund of refunds) {
    // No money moved.
    if (refund.status === "failed" || refund.status === "canceled") continue;
    if (await db.refund.findUnique({ where: { providerRefundId: refund.refundId }, select: { id: true } })) continue;
    const ours = refund.metadata.source === "console" && refund.metadata.transactionId === order.id;
    const result = await db.$transaction(
      (tx) =>
        recordRefund(tx, {
          orderId: order.id,
          providerRefundId: refund.refundId,
          amount: refund.amount,
          currency: refund.currency,
          reason: refund.note,
          source: ours ? "console" : "provider",
          operatorId: ours ? (refund.metadata.operatorId ?? null) : null,
          requestKey: ours ? (refund.metadata.requestKey ?? null) : null,
        }),
      SHORT_TX,
    );
    if (result.inserted) recorded++;
  }
  return recorded;
}
