import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { gatewayOf } from "@/lib/payments/server/select-gateway";

// Ends a subscription at once through its gateway (an unpaid one, at the end of dunning) and records
// the provider's answer, as a customer.subscription.deleted webhook would. No transaction spans the call.

export async function cancelSubscriptionNow(subscriptionId: string): Promise<string> {
  const db = getDb();
  const subscription = await db.subscription.findUniqueOrThrow({
    where: { id: subscriptionId },
    include: { order: { select: { gateway: true } } },
  });
  if (subscription.status === "canceled") return subscription.status;
  const state = await gatewayOf(subscription.order).cancelNow(subscription.providerSubscriptionId);
  const status = state.subscriptionStatus ?? "canceled";
  await db.subscription.update({ where: { id: subscriptionId }, data: { status } });
  return status;
}
