import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError, notFound } from "@/lib/platform/shared/api-error";
import { RefundKeyReusedError, RefundTooLargeError, viaGateway } from "@/lib/payments/server/gateway";
import { recordRefund } from "@/lib/payments/server/record-refund";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { formatUsd } from "@/lib/shared/money";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { dropSeatPlan, planSeatChange } from "@/lib/payments/server/plan-seat-change";
import { applySeatChange } from "@/lib/payments/server/apply-seat-change";
import type { SeatChange } from "@/lib/generated/prisma/client";

// A refund from the console (docs/operations.md#refund-rules). The form's own key makes a double
// click or retry find the same refund. No transaction spans the provider call; a charge.refunded
// that arrives first records the same refund instead. Seats it pays back may leave the subscription.

export const refundSchema = z.strictObject({
  orderId: z.uuid(),
  /** Absent: everything that is left. */
  amount: z.number().int().min(1).max(100_000_000).optional(),
  reason: z.string().trim().min(1, "Please give a reason for the refund.").max(500),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "requestKey: 16 to 64 letters, digits, - or _"),
  /** Seats this refund pays back that also leave the subscription; all of them ends it. */
  removeSeats: z.number().int().min(1).max(10_000).optional(),
});
export type RefundRequest = z.infer<typeof refundSchema>;

export type RefundResult = {
  refundId: string;
  amount: number;
  refundedTotal: number;
  fullyRefunded: boolean;
  status: string;
  /** The subscription's seats after the refund removed some; 0: it ends at the period end. */
  seats?: number;
};

const KEY_REUSED =
  "This refund was already sent with a different amount or reason, and may have been made. " +
  "Reload the order to see its refunds before refunding again.";
const FAILURE = "The payment provider could not make the refund. Nothing was refunded; please try again.";

async function summary(orderId: string, refundId: string, amount: number, seats?: number): Promise<RefundResult> {
  const order = await getDb().order.findUniqueOrThrow({ where: { id: orderId } });
  const { _sum } = await getDb().refund.aggregate({ where: { orderId }, _sum: { amount: true } });
  const refundedTotal = _sum.amount ?? 0;
  return {
    refundId,
    amount,
    refundedTotal,
    fullyRefunded: refundedTotal >= order.totalAmount,
    status: order.status,
    ...(seats === undefined ? {} : { seats }),
  };
}

async function appliedSeats(change: SeatChange | null, ip: string | null): Promise<number | undefined> {
  return change ? (await applySeatChange(change, ip)).seats : undefined;
}

function seatPlanFor(input: RefundRequest, operator: { id: string }) {
  if (input.removeSeats === undefined) return Promise.resolve(null);
  return planSeatChange({
    orderId: input.orderId,
    target: { remove: input.removeSeats },
    requestKey: input.requestKey,
    reason: input.reason,
    operatorId: operator.id,
    withRefund: true,
  });
}

export async function refundOrder(
  input: RefundRequest,
  operator: { id: string },
  ip: string | null,
): Promise<RefundResult> {
  const db = getDb();
  const replay = await db.refund.findUnique({ where: { requestKey: input.requestKey } });
  if (replay) {
    if (replay.orderId !== input.orderId) throw new ApiError("conflict", "This request key belongs to another order.");
    // The first attempt planned its seats before refunding; a retry finishes what it left.
    const planned = await db.seatChange.findUnique({ where: { requestKey: input.requestKey } });
    const removed = planned ? planned.fromQuantity - planned.toQuantity : undefined;
    if (removed !== input.removeSeats) throw new ApiError("conflict", KEY_REUSED);
    return summary(replay.orderId, replay.providerRefundId, replay.amount, await appliedSeats(planned, ip));
  }
  const order = await db.order.findUnique({ where: { id: input.orderId }, include: { refunds: true } });
  if (!order) throw notFound("Order not found.");
  const refunded = order.refunds.reduce((sum, r) => sum + r.amount, 0);
  const left = order.totalAmount - refunded;
  if (order.status !== "SUCCEEDED" || !order.fulfilledAt || !order.providerPaymentId || left <= 0) {
    throw new ApiError("not_refundable");
  }
  const amount = input.amount ?? left;
  if (amount > left) {
    throw new ApiError("refund_too_large", `At most ${formatUsd(left)} is left to refund on this order.`);
  }
  // A coupon's seats were paid below the list price: the refund pays back what one seat cost.
  const seatPrice = order.discountAmount > 0 ? Math.floor(order.totalAmount / order.quantity) : order.unitPrice;
  if (input.removeSeats !== undefined && input.removeSeats * seatPrice > amount) {
    const paid = Math.floor(amount / seatPrice);
    throw new ApiError(
      "invalid_request",
      `This refund pays back ${paid} seat${paid === 1 ? "" : "s"} at ${formatUsd(seatPrice)}; it cannot remove ${input.removeSeats}.`,
    );
  }
  const seatPlan = await seatPlanFor(input, operator);
  const paymentIntentId = order.providerPaymentId;
  const made = await refundOrDropPlan(seatPlan, () =>
    viaGateway(async () => {
      try {
        return await gatewayOf(order).refund({
          paymentIntentId,
          amount,
          currency: order.currency,
          note: input.reason,
          idempotencyKey: `console-refund:${input.requestKey}`,
          metadata: {
            transactionId: order.id,
            source: "console",
            operatorId: operator.id,
            requestKey: input.requestKey,
          },
        });
      } catch (error) {
        // Two operators at once.
        if (error instanceof RefundTooLargeError) throw new ApiError("refund_too_large");
        // The first attempt may have refunded already: the operator must look before asking again.
        if (error instanceof RefundKeyReusedError) throw new ApiError("conflict", KEY_REUSED);
        throw error;
      }
    }, FAILURE),
  );
  // Recording a failed refund would revoke access and tell the buyer they were refunded.
  if (made.status === "failed" || made.status === "canceled") {
    if (seatPlan) await dropSeatPlan(seatPlan);
    throw new ApiError(
      "refund_failed",
      `The payment provider reports this refund as ${made.status}, so nothing was refunded. Check the payment with the provider before trying again.`,
    );
  }
  const recorded = await db.$transaction(
    (tx) =>
      recordRefund(tx, {
        orderId: order.id,
        providerRefundId: made.refundId,
        amount: made.amount,
        currency: made.currency,
        reason: input.reason,
        source: "console",
        operatorId: operator.id,
        requestKey: input.requestKey,
        ip,
      }),
    SHORT_TX,
  );
  const seats = await appliedSeats(seatPlan, ip);
  return summary(order.id, recorded.refund.providerRefundId, recorded.refund.amount, seats);
}

/** A refusal means no refund, so no seat change either; no answer at all keeps the plan for the retry. */
async function refundOrDropPlan<T>(plan: SeatChange | null, refund: () => Promise<T>): Promise<T> {
  try {
    return await refund();
  } catch (error) {
    if (plan && error instanceof ApiError && error.status < 500) await dropSeatPlan(plan);
    throw error;
  }
}
