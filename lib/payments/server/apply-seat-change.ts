import "server-only";
import type { Prisma, SeatChange } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { ApiError } from "@/lib/platform/shared/api-error";
import { SeatChargeDeclinedError, viaGateway, type SeatChangeInvoice } from "@/lib/payments/server/gateway";
import { recordRenewalInvoices } from "@/lib/payments/server/record-renewal-invoices";
import { cancelOrderSubscription } from "@/lib/payments/server/cancel-subscription";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// Asks the provider for the planned count (the same key on a retry), then records it once. An
// operator's removed seats are never prorated (money back is the refund) and added ones are billed
// on the next invoice; a buyer's change is invoiced at once from the preview's proration date.

export type AppliedSeats = { seats: number; previousSeats: number; endsAtPeriodEnd: boolean };

type ChangedSubscription = Prisma.SubscriptionGetPayload<{ include: { order: true } }>;

export type SeatChangeOptions = {
  /** Invoice the prorated difference now (the buyer's change), counted from this instant. */
  invoiceNow?: { prorationDate: Date };
  /** Records who changed the seats in the change's transaction; default: the operator's audit row. */
  record?: (tx: Prisma.TransactionClient, subscription: ChangedSubscription) => Promise<void>;
};

const FAILURE = "The payment provider could not change the seats. Nothing was changed; please try again.";

export const SEAT_CHARGE_DECLINED =
  "Your card on file was declined, so the seats were not changed. Please update your card and try again.";

export async function applySeatChange(
  change: SeatChange,
  ip: string | null,
  options: SeatChangeOptions = {},
): Promise<AppliedSeats> {
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
  let invoice: SeatChangeInvoice | null = null;
  if (options.invoiceNow && change.toQuantity > 0) {
    const { prorationDate } = options.invoiceNow;
    invoice = await viaGateway(async () => {
      try {
        return await gatewayOf(order).setSeatsNow({
          subscriptionId: subscription.providerSubscriptionId,
          quantity: change.toQuantity,
          prorationDate,
          idempotencyKey: `seat-change:${change.requestKey}`,
        });
      } catch (error) {
        if (!(error instanceof SeatChargeDeclinedError)) throw error;
        // Nothing changed at the provider, so the plan never happens.
        await db.seatChange.deleteMany({ where: { id: change.id, appliedAt: null } });
        throw new ApiError("card_refused", SEAT_CHARGE_DECLINED);
      }
    }, FAILURE);
  } else if (change.toQuantity === 0) {
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
    // The charge is recorded as a renewal is (the webhook of its invoice finds the same row).
    if (invoice) {
      const { paidAt, ...invoiced } = invoice;
      await recordRenewalInvoices([{ subscriptionId: subscription.id, ...invoiced, status: "paid", at: paidAt }], tx);
    }
    if (options.record) {
      const changed = await tx.subscription.findUniqueOrThrow({
        where: { id: subscription.id },
        include: { order: true },
      });
      await options.record(tx, changed);
      return;
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
