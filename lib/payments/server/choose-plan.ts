import "server-only";
import { badRequest } from "@/lib/platform/shared/api-error";
import type { PricedOrder, Product } from "@/lib/payments/server/catalog";
import type { CreatePaymentIntentInput } from "@/lib/payments/shared/schemas";
import type { PaymentPlan } from "@/lib/payments/shared/payment-plan";

// The buyer names a choice, never an amount: "plan" charges the catalog's instalment, the rest in
// later months. A plan is the product alone: bumps and coupons are priced for paying in full.

export function choosePlan(product: Product, input: CreatePaymentIntentInput): PaymentPlan | null {
  if (input.payment !== "plan") return null;
  if (!product.plan) throw badRequest("This product has no payment plan; pay in full instead.");
  if (input.quantity !== 1) throw badRequest("A payment plan buys one copy.");
  if (input.couponCode || input.includeUpsell || (input.bumps?.length ?? 0) > 0) {
    throw badRequest("A payment plan is the product alone, without coupons or add-ons.");
  }
  return product.plan;
}

/** The first instalment is the order's amount; later ones are the subscription's renewals. */
export function planOrder(product: Product, plan: PaymentPlan): PricedOrder {
  return { product, bumps: [], quantity: 1, unitAmount: plan.amount, totalAmount: plan.amount };
}
