import "server-only";
import { getDb } from "@/lib/platform/server/db";

// The catalog page's coupons, newest first, with how many paid orders used each.

export type CouponRow = {
  id: string;
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  productCode: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  maxPerBuyer: number | null;
  durationMonths: number;
  active: boolean;
  createdAt: Date;
  /** Orders paid with the code (refunded ones included: the use happened). */
  redemptions: number;
};

const SHOWN = 200;

export async function listCoupons(): Promise<CouponRow[]> {
  const db = getDb();
  const coupons = await db.coupon.findMany({ orderBy: { createdAt: "desc" }, take: SHOWN });
  const counts = await db.$queryRaw<{ coupon_id: string; paid: bigint }[]>`
    SELECT r.coupon_id, count(*) AS paid FROM coupon_redemptions r JOIN orders o ON o.id = r.order_id
    WHERE r.coupon_id = ANY(${coupons.map((c) => c.id)}::uuid[]) AND o.fulfilled_at IS NOT NULL
    GROUP BY r.coupon_id`;
  const paid = new Map(counts.map((row) => [row.coupon_id, Number(row.paid)]));
  return coupons.map((coupon) => ({
    id: coupon.id,
    code: coupon.code,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff,
    productCode: coupon.productCode,
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    maxRedemptions: coupon.maxRedemptions,
    maxPerBuyer: coupon.maxPerBuyer,
    durationMonths: coupon.durationMonths,
    active: coupon.active,
    createdAt: coupon.createdAt,
    redemptions: paid.get(coupon.id) ?? 0,
  }));
}
