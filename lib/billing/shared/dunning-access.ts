import { isPlanAccessRule, planAccessAfter } from "@/lib/payments/shared/payment-plan";

// Whether a subscription ended unpaid takes the access its order gave. A seat subscription's does;
// a payment plan's follows the access rule the operator set on the price it was bought at, which may
// also pause the access while the case is open.

export type AccessSubscription = { isSubscription: boolean; planAccessRule: string | null };

export function accessEndsWithDunning(subscription: AccessSubscription): boolean {
  if (!subscription.isSubscription) return false;
  if (!isPlanAccessRule(subscription.planAccessRule)) return true;
  return planAccessAfter(subscription.planAccessRule, "dunning_ended_unpaid") === "end";
}

/** A plan sold `paused_while_overdue`: its access is withheld from the case's first step until paid. */
export function accessPausedWhileOverdue(subscription: AccessSubscription): boolean {
  if (!subscription.isSubscription || !isPlanAccessRule(subscription.planAccessRule)) return false;
  return planAccessAfter(subscription.planAccessRule, "overdue") === "pause";
}
