import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordRenewalInvoices } from "@/lib/payments/server/record-renewal-invoices";

// The demo gateway's retry of a failed renewal, as Stripe's Smart Retries or a buyer paying the open
// invoice: the same intent charged again on the subscription's card now on file. A success turns the
// invoice paid through the one renewal recording, and a past_due subscription active again.

type Tx = Prisma.TransactionClient;

export type FailedRenewal = {
  /** Our subscriptions.id. */
  subscriptionId: string;
  /** The renewal's demo payment intent. */
  providerInvoiceId: string;
  periodStart: Date;
  periodEnd: Date;
  quantity: number;
  amount: number;
  currency: string;
};

type IntentRow = { status: string; subscription_id: string | null; behaviour: string | null; method: string | null };

// The card on file, as renewals charge it: the buyer's replacement, else the first payment's card.
const LOCK = `
  SELECT i.id, i.status, i.subscription_id, pm.off_session AS behaviour, pm.id AS method
    FROM demo_payment_intents i
    LEFT JOIN demo_subscriptions d ON d.id = i.subscription_id
    LEFT JOIN demo_payment_intents first ON first.id = d.latest_payment_intent_id
    LEFT JOIN demo_payment_methods pm ON pm.id = COALESCE(d.default_payment_method_id, first.payment_method_id)
   WHERE i.id = $1
     FOR UPDATE OF i`;

/** Charges a failed renewal again in the caller's transaction; answers the invoice's state after. */
export async function retryDemoRenewal(renewal: FailedRenewal, tx: Tx, now = new Date()): Promise<"paid" | "failed"> {
  const [intent] = await tx.$queryRawUnsafe<IntentRow[]>(LOCK, renewal.providerInvoiceId);
  if (!intent) return "failed";
  if (intent.status === "succeeded") return "paid";
  const error = intent.behaviour === "succeeded" ? null : (intent.behaviour ?? "payment_method_missing");
  await tx.demoPaymentIntent.update({
    where: { id: renewal.providerInvoiceId },
    data: {
      status: error ? "requires_payment_method" : "succeeded",
      lastErrorCode: error,
      offSessionError: error,
      ...(intent.method ? { paymentMethodId: intent.method } : {}),
    },
  });
  if (error) return "failed";
  await recordRenewalInvoices([{ ...renewal, status: "paid", at: now }], tx);
  if (intent.subscription_id) {
    // A cancelled subscription stays ended: paying its last invoice does not start it again.
    await tx.demoSubscription.updateMany({
      where: { id: intent.subscription_id, status: "past_due" },
      data: { status: "active" },
    });
    await tx.subscription.updateMany({
      where: { providerSubscriptionId: intent.subscription_id, status: "past_due" },
      data: { status: "active" },
    });
  }
  return "paid";
}
