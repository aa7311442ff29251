import "server-only";
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { cancelOrderSubscription } from "@/lib/payments/server/cancel-subscription";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { QUEUES } from "@/lib/platform/shared/queues";
import { getDb } from "@/lib/platform/server/db";

// A full refund ends a seat subscription's billing (issue 12 §4): cancelled at period end, through
// the console's own cancel (gateway call, audited), like an operator's cancel but caused by the
// refund. A job, queued in the refund's transaction, because the refund must be recorded even
// while the provider cannot be reached, and the provider call is retried until it goes through.
// The seats were revoked with the account; cancelling at period end rather than now keeps the
// provider from prorating a credit on top of the refund.

const jobSchema = z.object({ orderId: z.uuid(), operatorId: z.string().min(1).nullable() });

/** In the refund's transaction, when the order is now refunded in full. */
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
  // A rerun after the cancel went through, or a subscription the provider already ended: done.
  if (order?.status !== "REFUNDED" || order.subscription?.status !== "active" || order.subscription.cancelAtPeriodEnd) {
    return;
  }
  await cancelOrderSubscription(orderId, { operatorId, ip: null, refund: true });
};
