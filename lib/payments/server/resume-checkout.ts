import "server-only";
import type { BumpLine, ProductSummary } from "@/lib/payments/shared/product-summary";
import { getDb } from "@/lib/platform/server/db";
import { findProduct } from "@/lib/payments/server/catalog";
import {
  isUnpaidStatus,
  reloadOrder,
  withSubscription,
  type OrderWithSubscription,
} from "@/lib/payments/server/checkout-order";
import { toSummary } from "@/lib/payments/server/product-summary";
import { verifyRecoveryToken } from "@/lib/payments/server/recovery-token";
import { gatewayMode } from "@/lib/payments/server/select-gateway";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { syncOrder } from "@/lib/payments/server/sync-order";
import { log } from "@/lib/platform/server/logger";

// Whoever holds the recovery link may pay that order, nothing more, as with a client secret. The
// gateway is asked first, so an order paid meanwhile is shown as paid.

export type ResumableCheckout =
  | { kind: "invalid" }
  | { kind: "paid" }
  | { kind: "ended"; productId: string }
  | { kind: "unavailable" }
  | {
      kind: "ready";
      transactionId: string;
      contactId: string;
      paymentIntentId: string;
      subscriptionId?: string;
      clientSecret: string;
      email: string;
      product: ProductSummary;
      bumps: BumpLine[];
      quantity: number;
      amount: number;
      /** The order's coupon and what it took off, as the checkout showed them. */
      discount: { code: string; amount: number } | null;
    };

/** The bumps at the amounts the order was created with; an order from before bumps has its add-on. */
async function bumpLines(order: OrderWithSubscription): Promise<BumpLine[]> {
  const rows = await getDb().orderBump.findMany({ where: { orderId: order.id }, orderBy: { position: "asc" } });
  const lines = rows.map(async (row) => ({
    name: row.productName,
    unitAmount: row.amount,
    regularAmount: (await findProduct(row.productCode))?.regularAmount ?? null,
  }));
  if (rows.length > 0 || !order.upsellProductId) return Promise.all(lines);
  const upsell = await findProduct(order.upsellProductId);
  if (!upsell) return [];
  return [
    {
      name: upsell.name,
      unitAmount: (order.listAmount ?? order.totalAmount) - order.unitPrice * order.quantity,
      regularAmount: upsell.regularAmount,
    },
  ];
}

export async function resumableCheckout(token: string, now = new Date()): Promise<ResumableCheckout> {
  const orderId = verifyRecoveryToken(token, now);
  const found = orderId ? await getDb().order.findUnique({ where: { id: orderId }, include: withSubscription }) : null;
  const product = found ? await findProduct(found.productId) : undefined;
  if (!found || !product) return { kind: "invalid" };
  if (found.fulfilledAt || found.status === "SUCCEEDED" || found.status === "REFUNDED") return { kind: "paid" };
  const ended = { kind: "ended", productId: found.productId } as const;
  // The site switched to or from Stripe since.
  if (!found.providerPaymentId || found.gateway !== gatewayMode()) return ended;
  try {
    const { paid } = await syncOrder(found, { forBuyer: false, failure: "Failed to resume checkout" });
    if (paid) return { kind: "paid" };
    const order = await reloadOrder(found.id);
    const paymentIntentId = order.providerPaymentId;
    if (!isUnpaidStatus(order.status) || !paymentIntentId) return ended;
    const clientSecret = await gatewayOf(order).clientSecretFor(paymentIntentId);
    if (!clientSecret) return ended;
    const main = { ...toSummary(product), unitAmount: order.unitPrice };
    const bumps = await bumpLines(order);
    const coupon = order.couponId ? await getDb().coupon.findUnique({ where: { id: order.couponId } }) : null;
    return {
      kind: "ready",
      transactionId: order.id,
      contactId: order.contactId,
      paymentIntentId,
      ...(order.subscription ? { subscriptionId: order.subscription.providerSubscriptionId } : {}),
      clientSecret,
      email: order.email,
      // Even if the catalog changed since.
      product: main,
      bumps,
      quantity: order.quantity,
      amount: order.totalAmount,
      discount: coupon ? { code: coupon.code, amount: order.discountAmount } : null,
    };
  } catch (error) {
    log.warn(`[recovery] resume of order ${found.id}: ${error instanceof Error ? error.name : "error"}`);
    return { kind: "unavailable" };
  }
}
