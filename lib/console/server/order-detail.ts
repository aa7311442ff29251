import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { guaranteeWindow, type GuaranteeWindow } from "@/lib/console/shared/guarantee-window";
import { isUuid } from "@/lib/shared/uuid";
import { findProduct } from "@/lib/payments/server/catalog";
import { subscriptionMrr } from "@/lib/console/server/seat-report";
import { isPlanAccessRule } from "@/lib/payments/shared/payment-plan";

// State only: never the password hash or a token.

export async function orderDetail(orderId: string, now = new Date()) {
  if (!isUuid(orderId)) return null;
  const order = await getDb().order.findUnique({
    where: { id: orderId },
    include: {
      subscription: true,
      account: { select: { loginEmail: true, issuedAt: true, revokedAt: true, seatsCount: true } },
      handoffTokens: {
        select: { jti: true, issuedAt: true, expiresAt: true, revokedAt: true },
        orderBy: { issuedAt: "desc" },
      },
      refunds: { orderBy: { createdAt: "asc" } },
      disputes: { orderBy: { createdAt: "asc" } },
      seatChanges: { where: { appliedAt: { not: null } }, orderBy: { createdAt: "asc" } },
      bumps: { orderBy: { position: "asc" }, include: { bumpVersion: { select: { version: true, headline: true } } } },
    },
  });
  if (!order) return null;
  const refundedAmount = order.refunds.reduce((sum, r) => sum + r.amount, 0);
  const purchasedAt = order.fulfilledAt ?? order.createdAt;
  const paid = order.fulfilledAt !== null;
  const guarantee: GuaranteeWindow | null = paid ? guaranteeWindow(purchasedAt, order.isSubscription, now) : null;
  const subscription = order.subscription;
  const product = await findProduct(order.productId, true);
  // Seats can change only on a live, paid subscription that is not ending.
  const seatsChangeable =
    subscription !== null &&
    subscription.status === "active" &&
    !subscription.cancelAtPeriodEnd &&
    order.status === "SUCCEEDED" &&
    product?.interval === "month";
  // A payment plan: the first instalment is the order, the others its paid renewal invoices.
  const plan =
    subscription?.planInstalments && isPlanAccessRule(subscription.planAccessRule)
      ? {
          instalments: subscription.planInstalments,
          amount: order.unitPrice,
          accessRule: subscription.planAccessRule,
          paid:
            (paid ? 1 : 0) +
            (await getDb().subscriptionInvoice.count({ where: { subscriptionId: subscription.id, status: "paid" } })),
        }
      : null;
  const flagger = order.excludedBy
    ? await getDb().operatorUser.findUnique({ where: { id: order.excludedBy }, select: { email: true } })
    : null;
  return {
    order,
    /** Who flagged the order as test or spam. */
    flaggedBy: order.excludedBy ? (flagger?.email ?? "a removed operator") : null,
    refundedAmount,
    refundableAmount: order.status === "SUCCEEDED" && paid ? Math.max(0, order.totalAmount - refundedAmount) : 0,
    purchasedAt,
    guarantee,
    mrr: subscription ? subscriptionMrr(order, subscription) : 0,
    plan,
    seats:
      seatsChangeable && product
        ? {
            current: subscription.quantity,
            // a seat change keeps the order's own seat price
            unitPrice: order.unitPrice,
            max: product.maxQuantity,
          }
        : null,
    now,
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;
