import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { recordRenewalInvoices } from "@/lib/payments/server/record-renewal-invoices";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// After a card update, the demo gateway pays a past_due subscription's failed renewals with the
// new card, as Stripe pays an open invoice: the renewal's own intent turns succeeded, its invoice
// row paid and the subscription active. The subscription's row lock makes two calls pay once.

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
      include: { invoices: { where: { status: "failed" } } },
    });
    const open = await tx.demoPaymentIntent.findMany({
      where: {
        subscriptionId: providerSubscriptionId,
        status: "requires_payment_method",
        lastErrorCode: { not: null },
      },
    });
    if (open.length > 0) {
      await tx.demoPaymentIntent.updateMany({
        where: { id: { in: open.map((intent) => intent.id) } },
        data: { status: "succeeded", lastErrorCode: null, offSessionError: null, paymentMethodId: method.id },
      });
    }
    await tx.demoSubscription.update({ where: { id: providerSubscriptionId }, data: { status: "active" } });
    if (!ours) return { paid: open.length, declined: false };
    const paidIds = new Set(open.map((intent) => intent.id));
    const now = new Date();
    const invoices = ours.invoices
      .filter((invoice) => paidIds.has(invoice.providerInvoiceId))
      .map((invoice) => ({
        subscriptionId: ours.id,
        providerInvoiceId: invoice.providerInvoiceId,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        quantity: invoice.quantity,
        amount: invoice.amount,
        currency: invoice.currency,
        status: "paid" as const,
        at: now,
      }));
    await recordRenewalInvoices(invoices, tx);
    await tx.subscription.update({ where: { id: ours.id }, data: { status: "active" } });
    return { paid: open.length, declined: false };
  }, SHORT_TX);
}
