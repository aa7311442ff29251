import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// A coupon's limits hold under concurrency: the order takes a redemption when it is created, under
// the coupon's row lock, so of two buyers racing for the last use exactly one gets it. A hold
// lapses with its unpaid order (decision 0031).

/** How long an unpaid order keeps its use of a limited coupon; each new intent call renews it. */
export const COUPON_HOLD_MS = 60 * 60 * 1000;

type Counts = { total: bigint; buyer: bigint };

export async function holdCoupon(
  hold: { couponId: string; orderId: string; email: string; discountAmount: number },
  now = new Date(),
): Promise<void> {
  await getDb().$transaction(async (tx) => {
    const [coupon] = await tx.$queryRaw<
      { active: boolean; max_redemptions: number | null; max_per_buyer: number | null }[]
    >`
      SELECT active, max_redemptions, max_per_buyer FROM coupons WHERE id = ${hold.couponId}::uuid FOR UPDATE`;
    if (!coupon?.active) throw new ApiError("coupon_invalid");
    // Others' live uses: paid orders, and unpaid ones whose hold has not lapsed.
    const [counts] = await tx.$queryRaw<Counts[]>`
      SELECT count(*) AS total, count(*) FILTER (WHERE r.email = ${hold.email}) AS buyer
      FROM coupon_redemptions r JOIN orders o ON o.id = r.order_id
      WHERE r.coupon_id = ${hold.couponId}::uuid AND r.order_id <> ${hold.orderId}::uuid
        AND (o.fulfilled_at IS NOT NULL OR o.status IN ('SUCCEEDED', 'REFUNDED')
          OR (o.status IN ('PENDING', 'FAILED') AND r.held_until > ${now}))`;
    if (coupon.max_redemptions !== null && Number(counts?.total ?? 0) >= coupon.max_redemptions) {
      throw new ApiError("coupon_exhausted");
    }
    if (coupon.max_per_buyer !== null && Number(counts?.buyer ?? 0) >= coupon.max_per_buyer) {
      throw new ApiError("coupon_exhausted", "You have already used this coupon code.");
    }
    const heldUntil = new Date(now.getTime() + COUPON_HOLD_MS);
    await tx.couponRedemption.upsert({
      where: { orderId: hold.orderId },
      create: { ...hold, heldUntil },
      update: { email: hold.email, discountAmount: hold.discountAmount, heldUntil },
    });
  }, SHORT_TX);
}
