import "server-only";
import type { SeatChange } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { viaGateway } from "@/lib/payments/server/gateway";
import { cancelOrderSubscription } from "@/lib/payments/server/cancel-subscription";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// Asks the provider for the planned count (the same key on a retry), then records it once. Removed
// seats are never prorated: the buyer is neither charged nor credited for them (money back is the
// refund); added seats are, so the next invoice bills the rest of the period.

export type AppliedSeats = { seats: number; previousSeats: number; endsAtPeriodEnd: boolean };

const FAILURE = "The payment provider could not change the seats. Nothing was changed; please try again.";

export async function applySeatChange(change: SeatChange, ip: string | null): Promise<AppliedSeats> {
  const applied = {
    seats: change.toQuantity,
    previousSeats: change.fromQuantity,
    endsAtPeriodEnd: change.toQuantity === 0,
  };
  if (change.appliedAt) return applied;
  const db = getDb();
  const order = await db.order.findUniqueOrThrow({ where: { id: change.orderId }, include: { subscription: true } });
  const subscription = order.subscription;
  if (!subscription) throw new Error(`seat change ${change.id}: the order has no subscription`);
  if (change.toQuantity === 0) {
    // Every seat removed: the paid period runs out, then the subscription ends.
    if (!subscription.cancelAtPeriodEnd) {
      await cancelOrderSubscription(order.id, { operatorId: change.operatorId, ip, refund: change.withRefund });
    }
  } else {
    await viaGateway(
      () =>
        gatewayOf(order).setSeats({
          subscriptionId: subscription.providerSubscriptionId,
          quantity: change.toQuantity,
          prorate: change.toQuantity > change.fromQuantity,
          idempotencyKey: `seat-change:${change.requestKey}`,
        }),
      FAILURE,
    );
  }
  await db.$transaction(async (tx) => {
    const { count } = await tx.seatChange.updateMany({
      where: { id: change.id, appliedAt: null },
      data: { appliedAt: new Date() },
    });
    // A concurrent retry recorded it.
    if (count === 0) return;
    if (change.toQuantity > 0) {
      await tx.subscription.update({ where: { id: subscription.id }, data: { quantity: change.toQuantity } });
      await tx.issuedAccount.updateMany({ where: { orderId: order.id }, data: { seatsCount: change.toQuantity } });
    }
    await recordAudit(
      {
        operatorId: change.operatorId,
        action: "order.change_seats",
        targetType: "order",
        targetId: order.id,
        details: {
          from: change.fromQuantity,
          to: change.toQuantity,
          withRefund: change.withRefund,
          reason: change.reason,
          providerSubscriptionId: subscription.providerSubscriptionId,
        },
        ip,
      },
      tx,
    );
  }, SHORT_TX);
  return applied;
}
