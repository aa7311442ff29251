import { publishPrice } from "@/lib/payments/server/publish-price";
import type { PlanAccessRule } from "@/lib/payments/shared/payment-plan";

// The course at its seeded one-off price with a payment plan beside it, as an owner publishes one.

export const COURSE = "ai-step-by-step";
export const COURSE_PRICE = 49_700;
export const INSTALMENT = 17_500;

export async function publishCoursePlan(
  createdBy: string,
  plan: { instalments?: number; amount?: number; accessRule?: PlanAccessRule } = {},
) {
  return publishPrice(
    {
      productCode: COURSE,
      unitAmount: COURSE_PRICE,
      referenceAmount: null,
      minQuantity: 1,
      maxQuantity: 1,
      plan: {
        instalments: plan.instalments ?? 3,
        interval: "month",
        amount: plan.amount ?? INSTALMENT,
        accessRule: plan.accessRule ?? "full_on_first",
      },
    },
    createdBy,
  );
}
