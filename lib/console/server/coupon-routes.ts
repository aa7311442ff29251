import "server-only";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { createCoupon } from "@/lib/payments/server/create-coupon";
import { deactivateCoupon } from "@/lib/payments/server/deactivate-coupon";
import { createCouponSchema, deactivateCouponSchema } from "@/lib/payments/shared/schemas";

// Coupons from the console's catalog page: created and deactivated by owners, audited.

const LIMITS = [{ name: "admin-coupons", limit: 30, windowSeconds: 600 }];
const NO_STORE = { headers: { "Cache-Control": "no-store" } };

export const createCouponRoute = operatorRoute({
  action: "coupons.manage",
  schema: createCouponSchema,
  rateLimits: LIMITS,
  handle: async (input, context) => {
    const coupon = await createCoupon(input, context.operator.id);
    await recordAudit({
      operatorId: context.operator.id,
      action: "coupons.create",
      targetType: "coupon",
      targetId: coupon.id,
      details: { ...input },
      ip: context.clientIp,
    });
    return Response.json({ couponId: coupon.id, code: coupon.code }, NO_STORE);
  },
});

export const deactivateCouponRoute = operatorRoute({
  action: "coupons.manage",
  schema: deactivateCouponSchema,
  rateLimits: LIMITS,
  handle: async (input, context) => {
    const { code } = await deactivateCoupon(input.couponId, context.operator.id);
    await recordAudit({
      operatorId: context.operator.id,
      action: "coupons.deactivate",
      targetType: "coupon",
      targetId: input.couponId,
      details: { code },
      ip: context.clientIp,
    });
    return Response.json({ couponId: input.couponId, active: false }, NO_STORE);
  },
});
