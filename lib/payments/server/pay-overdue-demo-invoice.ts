import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { retryDemoRenewal } from "@/lib/payments/server/retry-demo-renewal";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// After a card update, the demo gateway pays a past_due subscription's failed renewals with the
// new card, as Stripe pays an open invoice, through the same retry dunning uses. The subscription's
// row lock makes two calls pay once.

export type OverduePayment = { paid: number; declined: boolean };

export async function payOverdueDemoInvoices(providerSubscriptionId: string): Promise<OverduePayment> {
  return getDb().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ default_payment_method_id: string | null }[]>`
      SELECT default_payment_method_id FROM demo_subscriptions
       WHERE id = ${providerSubscriptionId} AND status = 'past_due' FOR UPDATE`;
    const methodId = locked[0]?.default_payment_method_id;
    if (!methodId) return { paid: 0, declined: false };
    const method = await tx.demoPaymentMethod.findUniqueOrThrow({ where: { id: methodId } });
    if (method.offSession !== "succeeded") return { paid: 0, declined: true };
    const ours = await tx.subscription.findUnique({
      where: { providerSubscriptionId },
      include: { invoices: { where: { status: "failed" }, orderBy: { periodStart: "asc" } } },
    });
    let paid = 0;
    for (const invoice of ours?.invoices ?? []) {
      const outcome = await retryDemoRenewal(invoice, tx);
      if (outcome === "paid") paid += 1;
    }
    return { paid, declined: false };
  }, SHORT_TX);
}
