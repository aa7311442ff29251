import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import type { Coupon } from "@/lib/generated/prisma/client";
import type { PricedOrder } from "@/lib/payments/server/catalog";
import {
  COUPON_CODE_PATTERN,
  couponProblem,
  oneTimeDiscount,
  subscriptionDiscount,
} from "@/lib/payments/shared/coupon-rules";

// What a buyer's code takes off this order, decided on the server (docs/decisions/0031-coupons.md).
// The limits are checked when the order holds a redemption (hold-coupon.ts).

export type PricedCoupon = {
  coupon: Coupon;
  listAmount: number;
  discountAmount: number;
  totalAmount: number;
};

const UNDER_MINIMUM = "This coupon code cannot be used on this order: it would bring the payment under $0.50.";

export async function priceCoupon(
  code: string | undefined,
  priced: PricedOrder,
  now = new Date(),
): Promise<PricedCoupon | null> {
  if (!code) return null;
  const coupon = COUPON_CODE_PATTERN.test(code) ? await getDb().coupon.findUnique({ where: { code } }) : null;
  const problem = couponProblem(coupon, priced.product.id, now);
  if (problem || !coupon) throw new ApiError("coupon_invalid", problem ?? undefined);
  const listAmount = priced.totalAmount;
  const discountAmount =
    priced.product.interval === "month"
      ? subscriptionDiscount(coupon, listAmount)
      : oneTimeDiscount(coupon, priced.unitAmount * priced.quantity, listAmount);
  if (!discountAmount) throw new ApiError("coupon_invalid", UNDER_MINIMUM);
  return { coupon, listAmount, discountAmount, totalAmount: listAmount - discountAmount };
}
