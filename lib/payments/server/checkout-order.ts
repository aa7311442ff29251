import "server-only";
import type { PlanAccessRule } from "@/lib/payments/shared/payment-plan";
import { getDb } from "@/lib/platform/server/db";
import type { Order, OrderStatus, Prisma, Subscription } from "@/lib/generated/prisma/client";
import type { CreatedSubscription } from "@/lib/payments/server/gateway";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// No transaction is ever held across a provider call: the order is found or created by its unique
// key, the provider called outside, and the result recorded by a conditional update; the loser
// re-reads and adopts the winner's intent.

export type OrderWithSubscription = Order & { subscription: Subscription | null };

export const withSubscription = { subscription: true } as const;

/** A declined card (FAILED) leaves the intent waiting, so the buyer may retry or change seats. */
export function isUnpaidStatus(status: OrderStatus): boolean {
  return status === "PENDING" || status === "FAILED";
}

export function reloadOrder(orderId: string): Promise<OrderWithSubscription> {
  return getDb().order.findUniqueOrThrow({ where: { id: orderId }, include: withSubscription });
}

export function orderByPayment(paymentIntentId: string): Promise<OrderWithSubscription | null> {
  return getDb().order.findUnique({ where: { providerPaymentId: paymentIntentId }, include: withSubscription });
}

export async function orderBySubscription(providerSubscriptionId: string): Promise<OrderWithSubscription | null> {
  const subscription = await getDb().subscription.findUnique({
    where: { providerSubscriptionId },
    include: { order: { include: withSubscription } },
  });
  return subscription?.order ?? null;
}

/**
 * A finished order is not reused: the next purchase takes `baseKey:1`, `:2`, …. Parallel callers
 * insert with ON CONFLICT DO NOTHING and read back the row that won.
 */
export async function findOrCreateOrder(
  baseKey: string,
  data: Omit<Prisma.OrderCreateManyInput, "idempotencyKey">,
  bumps: readonly Omit<Prisma.OrderBumpCreateManyInput, "orderId">[] = [],
): Promise<OrderWithSubscription> {
  const db = getDb();
  for (let n = 0; ; n++) {
    const idempotencyKey = n === 0 ? baseKey : `${baseKey}:${n}`;
    let order = await db.order.findUnique({ where: { idempotencyKey }, include: withSubscription });
    if (!order) {
      await insertOrder({ ...data, idempotencyKey }, bumps);
      order = await db.order.findUniqueOrThrow({ where: { idempotencyKey }, include: withSubscription });
    }
    if (isUnpaidStatus(order.status)) return order;
  }
}

/** The order and its bumps commit together, so no reader sees a total without the bumps in it. */
async function insertOrder(
  data: Prisma.OrderCreateManyInput,
  bumps: readonly Omit<Prisma.OrderBumpCreateManyInput, "orderId">[],
): Promise<void> {
  const db = getDb();
  if (bumps.length === 0) {
    await db.order.createMany({ data: [data], skipDuplicates: true });
    return;
  }
  await db.$transaction(async (tx) => {
    const created = await tx.order.createManyAndReturn({ data: [data], skipDuplicates: true, select: { id: true } });
    const orderId = created[0]?.id;
    if (orderId) await tx.orderBump.createMany({ data: bumps.map((bump) => ({ ...bump, orderId })) });
  }, SHORT_TX);
}

/** False when a concurrent call recorded one first; the caller then reads the order again. */
export async function recordFirstPayment(
  orderId: string,
  payment: { paymentIntentId: string } & Partial<Pick<CreatedSubscription, "customerId" | "priceId">>,
  subscription?: {
    subscriptionId: string;
    quantity: number;
    plan?: { instalments: number; accessRule: PlanAccessRule } | null;
  },
): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({
      where: { id: orderId, providerPaymentId: null },
      data: {
        providerPaymentId: payment.paymentIntentId,
        providerCustomerId: payment.customerId ?? null,
        providerPriceId: payment.priceId ?? null,
      },
    });
    if (count === 1 && subscription) {
      await tx.subscription.create({
        data: {
          orderId,
          providerSubscriptionId: subscription.subscriptionId,
          quantity: subscription.quantity,
          status: "incomplete",
          planInstalments: subscription.plan?.instalments ?? null,
          planAccessRule: subscription.plan?.accessRule ?? null,
        },
      });
    }
    return count === 1;
  }, SHORT_TX);
}

/** Only the change that replaced the order's current intent can match; others got there first. */
export async function recordReplacement(
  orderId: string,
  fromPaymentId: string,
  changed: CreatedSubscription,
  totals: { quantity: number; totalAmount: number; listAmount?: number; discountAmount?: number },
): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({
      where: {
        id: orderId,
        providerPaymentId: fromPaymentId,
        fulfilledAt: null,
        status: { in: ["PENDING", "FAILED"] },
      },
      data: {
        providerPaymentId: changed.paymentIntentId,
        providerCustomerId: changed.customerId,
        providerPriceId: changed.priceId,
        ...totals,
        // An earlier decline no longer applies to the replacement.
        status: "PENDING",
        failureMessage: null,
      },
    });
    if (count === 0) return false;
    if (totals.discountAmount !== undefined) {
      await tx.couponRedemption.updateMany({ where: { orderId }, data: { discountAmount: totals.discountAmount } });
    }
    await tx.subscription.update({
      where: { orderId },
      data: {
        providerSubscriptionId: changed.subscriptionId,
        quantity: totals.quantity,
        status: "incomplete",
        currentPeriodEnd: null,
      },
    });
    return true;
  }, SHORT_TX);
}
