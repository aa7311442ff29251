import { randomBytes } from "node:crypto";
import { createCoupon, type CouponInput } from "@/lib/payments/server/create-coupon";

// A coupon as an owner would create it on the console, with a fresh code per call.

export async function testCoupon(terms: Partial<CouponInput> = {}) {
  const code = `TEST-${randomBytes(5).toString("hex").toUpperCase()}`;
  return createCoupon(
    {
      code,
      percentOff: terms.amountOff ? null : 10,
      amountOff: null,
      productCode: null,
      startsAt: null,
      endsAt: null,
      maxRedemptions: null,
      maxPerBuyer: null,
      durationMonths: 1,
      ...terms,
    },
    "test",
  );
}
