import type { PlanAccessRule } from "@/lib/payments/shared/payment-plan";

/** How the console names a payment plan's access rule, in the table and the form. */
export const PLAN_RULE_LABELS: Record<PlanAccessRule, string> = {
  full_on_first: "full access from the first payment",
  paused_while_overdue: "access paused while a payment is overdue",
};
