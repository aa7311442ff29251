import { z } from "zod";
import { formatUsd, MIN_CHARGE_CENTS } from "@/lib/shared/money";

// A price's optional payment plan: N monthly instalments the operator sets, beside the one-off
// price (docs/decisions/0042-payment-plans.md). Pure, so checkout, console and dunning share it.

export const PLAN_ACCESS_RULES = ["full_on_first", "paused_while_overdue"] as const;
export type PlanAccessRule = (typeof PLAN_ACCESS_RULES)[number];

export const MIN_INSTALMENTS = 2;
export const MAX_INSTALMENTS = 12;

export const paymentPlanSchema = z.strictObject({
  instalments: z.number().int().min(MIN_INSTALMENTS).max(MAX_INSTALMENTS),
  interval: z.literal("month"),
  /** Cents per instalment; the plan may total more than the one-off price. */
  amount: z
    .number()
    .int()
    .min(MIN_CHARGE_CENTS, "must be at least 50 cents, the smallest card charge")
    .max(100_000_000),
  accessRule: z.enum(PLAN_ACCESS_RULES),
});

export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/** What the buyer picks at checkout; the server prices either from the catalog. */
export const PAYMENT_CHOICES = ["full", "plan"] as const;
export type PaymentChoice = (typeof PAYMENT_CHOICES)[number];

export function planTotal(plan: Pick<PaymentPlan, "instalments" | "amount">): number {
  return plan.instalments * plan.amount;
}

/** "Pay $497 now". */
export function payNowLabel(unitAmount: number): string {
  return `Pay ${formatUsd(unitAmount)} now`;
}

/** "3 monthly payments of $175". */
export function planLabel(plan: Pick<PaymentPlan, "instalments" | "amount">): string {
  return `${plan.instalments} monthly payments of ${formatUsd(plan.amount)}`;
}

/** The plan's columns as stored (catalog_prices, subscriptions); null when any is missing or unknown. */
export function planOfColumns(columns: {
  planInstalments: number | null;
  planAmount: number | null;
  planAccessRule: string | null;
}): PaymentPlan | null {
  const parsed = paymentPlanSchema.safeParse({
    instalments: columns.planInstalments,
    interval: "month",
    amount: columns.planAmount,
    accessRule: columns.planAccessRule,
  });
  return parsed.success ? parsed.data : null;
}

export function isPlanAccessRule(value: string | null | undefined): value is PlanAccessRule {
  return (PLAN_ACCESS_RULES as readonly string[]).includes(value ?? "");
}

/** Where a plan's instalments stand: one is overdue while dunning retries it, or dunning gave up. */
export type PlanPaymentState = "paid_up" | "overdue" | "dunning_ended_unpaid";

/**
 * Whether the buyer keeps access. full_on_first: the first instalment bought the course, so access
 * stays whatever later ones do; paused_while_overdue: suspended while one is overdue, ended once
 * dunning ends unpaid.
 */
export function planAccessAfter(rule: PlanAccessRule, state: PlanPaymentState): "keep" | "pause" | "end" {
  if (rule === "full_on_first" || state === "paid_up") return "keep";
  return state === "overdue" ? "pause" : "end";
}
