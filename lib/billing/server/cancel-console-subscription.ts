import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { cancelAtPeriodEnd, type CancelResult } from "@/lib/payments/server/cancel-subscription";
import { closeCancelledCase } from "@/lib/billing/server/close-dunning-cases";
import { dunningNow } from "@/lib/billing/server/sweep-dunning";

// The console's cancel at period end: payments asks the provider; an overdue subscription's open
// dunning case closes with it, so the buyer gets no more reminders for what the operator ended.

export async function cancelConsoleSubscription(
  orderId: string,
  operator: { id: string },
  ip: string | null,
): Promise<CancelResult> {
  const result = await cancelAtPeriodEnd(orderId, operator, ip);
  const subscription = await getDb().subscription.findUnique({ where: { orderId }, select: { id: true } });
  if (subscription) await closeCancelledCase(subscription.id, await dunningNow());
  return result;
}
