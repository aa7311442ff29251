import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { SubscriptionCoupon } from "@/lib/payments/server/gateway";

/** The coupon a seat order was created with, as the gateway puts it on the subscription. */
export async function subscriptionCouponOf(order: {
  couponId: string | null;
}): Promise<SubscriptionCoupon | undefined> {
  if (!order.couponId) return undefined;
  const coupon = await getDb().coupon.findUniqueOrThrow({ where: { id: order.couponId } });
  return {
    id: coupon.id,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff,
    months: coupon.durationMonths,
  };
}
