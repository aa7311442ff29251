import "server-only";
import type { Prisma, Refund } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { enqueueRefundEmail } from "@/lib/payments/server/refund-email";
import { revokeOrderAccess } from "@/lib/payments/server/revoke-order-access";
import { queueRefundSubscriptionCancel } from "@/lib/payments/server/refund-subscription-cancel";
import { emitWebhookEvent } from "@/lib/platform/server/webhooks/emit-event";
import { orderData } from "@/lib/platform/server/webhooks/event-data";

// Recorded once whichever path sees it first (console or charge.refunded): the refund id is unique.
// A partial refund is a goodwill gesture: the buyer keeps the access.

type Tx = Prisma.TransactionClient;

export type RefundToRecord = {
  orderId: string;
  providerRefundId: string;
  amount: number;
  currency: string;
  reason: string | null;
  source: "console" | "provider";
  operatorId: string | null;
  requestKey: string | null;
  ip?: string | null;
};

export type RecordedRefund = { refund: Refund; inserted: boolean; refundedTotal: number; fullyRefunded: boolean };

export async function recordRefund(tx: Tx, input: RefundToRecord): Promise<RecordedRefund> {
  await tx.$queryRaw`SELECT id FROM orders WHERE id = ${input.orderId}::uuid FOR UPDATE`;
  const order = await tx.order.findUniqueOrThrow({ where: { id: input.orderId } });
  const existing = await tx.refund.findUnique({ where: { providerRefundId: input.providerRefundId } });
  const totalOf = async () =>
    (await tx.refund.aggregate({ where: { orderId: order.id }, _sum: { amount: true } }))._sum.amount ?? 0;
  if (existing) {
    const refundedTotal = await totalOf();
    return { refund: existing, inserted: false, refundedTotal, fullyRefunded: refundedTotal >= order.totalAmount };
  }
  // The refund is real all the same: record it without the key rather than fail the unique index.
  const keyTaken =
    input.requestKey !== null &&
    (await tx.refund.findUnique({ where: { requestKey: input.requestKey }, select: { id: true } })) !== null;
  const refund = await tx.refund.create({
    data: {
      orderId: order.id,
      amount: input.amount,
      currency: input.currency,
      reason: input.reason,
      providerRefundId: input.providerRefundId,
      source: input.source,
      operatorId: input.operatorId,
      requestKey: keyTaken ? null : input.requestKey,
    },
  });
  const refundedTotal = await totalOf();
  const fullyRefunded = refundedTotal >= order.totalAmount;
  const now = new Date();
  const current = fullyRefunded
    ? await tx.order.update({ where: { id: order.id }, data: { status: "REFUNDED" } })
    : order;
  if (fullyRefunded) {
    await revokeOrderAccess(tx, order.id, now);
    await queueRefundSubscriptionCancel(tx, order.id, input.operatorId);
  }
  // Planned before the refund was asked for, so the e-mail can say what the buyer keeps.
  const seatChange = input.requestKey
    ? await tx.seatChange.findUnique({ where: { requestKey: input.requestKey } })
    : null;
  await enqueueRefundEmail(tx, current, {
    amount: refund.amount,
    refundedTotal,
    fullyRefunded,
    ...(seatChange?.withRefund && seatChange.orderId === order.id ? { seatsLeft: seatChange.toQuantity } : {}),
  });
  // A full refund keeps the order's own event id; each partial one is its own event.
  await emitWebhookEvent(tx, "order.refunded", fullyRefunded ? order.id : `${order.id}:${refund.providerRefundId}`, {
    ...orderData(current),
    refundedAt: refund.createdAt.toISOString(),
    refund: {
      refundId: refund.providerRefundId,
      amount: refund.amount,
      refundedTotal,
      fullyRefunded,
      source: input.source,
    },
  });
  if (input.source === "console") {
    await recordAudit(
      {
        operatorId: input.operatorId,
        action: "order.refund",
        targetType: "order",
        targetId: order.id,
        details: {
          amount: refund.amount,
          currency: refund.currency,
          providerRefundId: refund.providerRefundId,
          reason: refund.reason,
          fullyRefunded,
        },
        ip: input.ip ?? null,
      },
      tx,
    );
  }
  return { refund, inserted: true, refundedTotal, fullyRefunded };
}
