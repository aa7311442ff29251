import "server-only";
import type Stripe from "stripe";
import { addMonths } from "@/lib/payments/shared/billing-period";

// A payment plan on Stripe is a monthly subscription that cancels itself after its last paid month.
// The end is counted from the order's creation, just before the subscription's own anchor, so the
// last period closes a moment early rather than opening one more, and every retry sends one value.

export function planEnd(plan: {
  instalments: number;
  from: Date;
}): Pick<Stripe.SubscriptionCreateParams, "cancel_at" | "proration_behavior"> {
  return {
    cancel_at: Math.floor(addMonths(plan.from, plan.instalments).getTime() / 1000),
    proration_behavior: "none",
  };
}
