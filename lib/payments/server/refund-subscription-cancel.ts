import "server-only";
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cancelOrderSubscription } from "@/lib/payments/server/cancel-subscription";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { QUEUES } from "@/lib/platform/shared/queues";
import { getDb } from "@/lib/platform/server/db";

// A job queued in the refund's transaction, so the refund is recorded even while the provider is
// unreachable. Period end rather than now keeps the provider from prorating a credit on top.

const jobSchema = z.object({ orderId: z.uuid(), operatorId: z.string().min(1).nullable() });

export async function queueRefundSubscriptionCancel(
  tx: Prisma.TransactionClient,
  orderId: string,
  operatorId: string | null,
): Promise<void> {
  const subscription = await tx.subscription.findUnique({ where: { orderId } });
  if (!subscription || subscription.status !== "active" || subscription.cancelAtPeriodEnd) return;
  await sendJob(QUEUES.refundSubscriptionCancel, { orderId, operatorId }, {}, tx);
}

export const refundSubscriptionCancelJob: JobHandler = async (data) => {
  const { orderId, operatorId } = jobSchema.parse(data);
  const order = await getDb().order.findUnique({ where: { id: orderId }, include: { subscription: true } });
  if (order?.status !== "REFUNDED" || order.subscription?.status !== "active" || order.subscription.cancelAtPeriodEnd) {
    return;
  }
  await cancelOrderSubscription(orderId, { operatorId, ip: null, refund: true });
};
