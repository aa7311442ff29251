import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { Coupon } from "@/lib/generated/prisma/client";
import { badRequest, conflict } from "@/lib/platform/shared/api-error";
import { isUniqueViolation } from "@/lib/platform/shared/db-errors";
import type { z } from "zod";
import type { createCouponSchema } from "@/lib/payments/shared/schemas";

// A coupon is created once and never edited (a Stripe coupon of the same terms is made from it);
// a change is a deactivation and a new code.

export type CouponInput = z.output<typeof createCouponSchema>;

export async function createCoupon(input: CouponInput, createdBy: string): Promise<Coupon> {
  const db = getDb();
  if (input.productCode && !(await db.catalogProduct.findUnique({ where: { code: input.productCode } }))) {
    throw badRequest("There is no such product in the catalog.");
  }
  try {
    return await db.coupon.create({
      data: {
        ...input,
        startsAt: input.startsAt ? new Date(input.startsAt) : null,
        endsAt: input.endsAt ? new Date(input.endsAt) : null,
        createdBy,
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("A coupon with this code already exists. Choose another code.");
    throw error;
  }
}
