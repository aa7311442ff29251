import "server-only";
import type { SeatChange } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import { ApiError, conflict, notFound } from "@/lib/platform/shared/api-error";
import { findProduct } from "@/lib/payments/server/catalog";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// The target count is fixed here, before the provider is asked, so a retry with the same key sets
// the same count instead of removing seats twice (docs/decisions/0023-seat-changes-with-refunds.md).

export type SeatTarget = { seats: number } | { remove: number };

export type SeatPlanInput = {
  orderId: string;
  target: SeatTarget;
  requestKey: string;
  reason: string;
  /** Null: the buyer, from the billing page (the row's reason says so). */
  operatorId: string | null;
  withRefund: boolean;
};

/** Two operators at once would both count from the same seats; a change older than this was given up. */
const UNDER_WAY_MS = 2 * 60_000;

export const SEAT_KEY_REUSED =
  "This request was already sent with another seat count. Reload the order to see its seats before trying again.";

function targetOf(target: SeatTarget, current: number): number {
  if ("seats" in target) return target.seats;
  if (target.remove > current) {
    throw new ApiError("invalid_request", `The subscription has ${current} seats; at most ${current} can be removed.`);
  }
  return current - target.remove;
}

/** The stored change for this key, or a new one; null when the count is already the target. */
export async function planSeatChange(input: SeatPlanInput): Promise<SeatChange | null> {
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM orders WHERE id = ${input.orderId}::uuid FOR UPDATE`;
    const replay = await tx.seatChange.findUnique({ where: { requestKey: input.requestKey } });
    const order = await tx.order.findUnique({ where: { id: input.orderId }, include: { subscription: true } });
    if (!order) throw notFound("Order not found.");
    if (replay) {
      if (replay.orderId !== order.id) throw conflict("This request key belongs to another order.");
      const again = targetOf(input.target, replay.fromQuantity);
      if (again !== replay.toQuantity || replay.withRefund !== input.withRefund) throw conflict(SEAT_KEY_REUSED);
      return replay;
    }
    const subscription = order.subscription;
    const product = await findProduct(order.productId, true);
    if (
      !subscription ||
      subscription.status !== "active" ||
      subscription.cancelAtPeriodEnd ||
      order.status !== "SUCCEEDED" ||
      product?.interval !== "month"
    ) {
      throw new ApiError("seats_not_changeable");
    }
    const to = targetOf(input.target, subscription.quantity);
    if (to > product.maxQuantity) {
      throw new ApiError("quantity_too_large", `A subscription can have at most ${product.maxQuantity} seats.`);
    }
    if (to === subscription.quantity) return null;
    const underWay = await tx.seatChange.findFirst({
      where: { orderId: order.id, appliedAt: null, createdAt: { gt: new Date(Date.now() - UNDER_WAY_MS) } },
      select: { id: true },
    });
    if (underWay) {
      throw conflict(
        "Another seat change on this order is under way. Reload the order in a minute and check its seats.",
      );
    }
    return tx.seatChange.create({
      data: {
        orderId: order.id,
        fromQuantity: subscription.quantity,
        toQuantity: to,
        requestKey: input.requestKey,
        withRefund: input.withRefund,
        reason: input.reason,
        operatorId: input.operatorId,
      },
    });
  }, SHORT_TX);
}

/** A change whose refund the provider refused never happens. */
export async function dropSeatPlan(change: SeatChange): Promise<void> {
  await getDb().seatChange.deleteMany({ where: { id: change.id, appliedAt: null } });
}
