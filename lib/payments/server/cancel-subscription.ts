import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError, notFound } from "@/lib/platform/shared/api-error";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { viaGateway } from "@/lib/payments/server/gateway";
import { gatewayOf } from "@/lib/payments/server/select-gateway";

// The buyer keeps the paid seats until the period ends; nothing is refunded. Asking twice is harmless.
// An overdue (past_due) subscription may be cancelled too: its unpaid renewal is left to dunning's
// caller, which closes the case.

export const cancelSubscriptionSchema = z.strictObject({ orderId: z.uuid() });

export type CancelResult = { cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null };

const FAILURE = "The payment provider could not cancel the subscription. Please try again.";

export type CancelActor = { operatorId: string | null; ip: string | null; refund?: boolean };

// An operator may have to finish what the refund's cancel job could not.
const CANCELABLE_ORDER = new Set(["SUCCEEDED", "REFUNDED"]);
const CANCELABLE_SUBSCRIPTION = new Set(["active", "past_due"]);

export async function cancelOrderSubscription(orderId: string, actor: CancelActor): Promise<CancelResult> {
  const db = getDb();
  const order = await db.order.findUnique({ where: { id: orderId }, include: { subscription: true } });
  if (!order) throw notFound("Order not found.");
  const subscription = order.subscription;
  if (!subscription || !CANCELABLE_SUBSCRIPTION.has(subscription.status) || !CANCELABLE_ORDER.has(order.status)) {
    throw new ApiError("not_cancelable");
  }
  // A key per attempt: a cancel after the buyer resumed must reach Stripe, not replay the first.
  const key = `console-cancel:${randomUUID()}`;
  const state = await viaGateway(
    () => gatewayOf(order).cancelAtPeriodEnd(subscription.providerSubscriptionId, key),
    FAILURE,
  );
  const currentPeriodEnd = state.currentPeriodEnd ?? subscription.currentPeriodEnd;
  await db.$transaction(async (tx) => {
    await tx.subscription.update({
      where: { id: subscription.id },
      data: { cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? true, ...(currentPeriodEnd ? { currentPeriodEnd } : {}) },
    });
    await recordAudit(
      {
        operatorId: actor.operatorId,
        action: "order.cancel_subscription",
        targetType: "order",
        targetId: order.id,
        details: {
          providerSubscriptionId: subscription.providerSubscriptionId,
          currentPeriodEnd: currentPeriodEnd?.toISOString() ?? null,
          ...(actor.refund ? { cause: "full_refund" } : {}),
        },
        ip: actor.ip,
      },
      tx,
    );
  });
  return {
    cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? true,
    currentPeriodEnd: currentPeriodEnd?.toISOString() ?? null,
  };
}

export function cancelAtPeriodEnd(orderId: string, operator: { id: string }, ip: string | null): Promise<CancelResult> {
  return cancelOrderSubscription(orderId, { operatorId: operator.id, ip });
}
