import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { notFound } from "@/lib/platform/shared/api-error";

/** From now on the code is refused at checkout; orders already holding it keep their price. */
export async function deactivateCoupon(couponId: string, operatorId: string): Promise<{ code: string }> {
  const db = getDb();
  const coupon = await db.coupon.findUnique({ where: { id: couponId }, select: { code: true } });
  if (!coupon) throw notFound("There is no such coupon.");
  await db.coupon.updateMany({
    where: { id: couponId, active: true },
    data: { active: false, deactivatedBy: operatorId, deactivatedAt: new Date() },
  });
  return coupon;
}
