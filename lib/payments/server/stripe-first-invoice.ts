import "server-only";
import Stripe from "stripe";
import { AlreadyPaidError, GatewayError } from "@/lib/payments/server/gateway";
import { getStripe } from "@/lib/payments/server/stripe-client";

// Voiding the first invoice is refused by Stripe once it is paid: that makes a replacement and a
// payment mutually exclusive without any lock of ours.

export function paymentIntentIdFromSecret(clientSecret: string): string {
  const at = clientSecret.indexOf("_secret_");
  if (at <= 0) throw new GatewayError("Stripe returned an unexpected client secret");
  return clientSecret.slice(0, at);
}

export type FirstInvoice = {
  invoiceId: string;
  status: Stripe.Invoice.Status | null;
  customerId: string;
  paymentIntentId: string | null;
};

export const FIRST_INVOICE = "latest_invoice.confirmation_secret";

export function invoiceSecretOf(subscription: Stripe.Subscription): string | undefined {
  const invoice = subscription.latest_invoice;
  return invoice && typeof invoice !== "string" ? (invoice.confirmation_secret?.client_secret ?? undefined) : undefined;
}

export async function firstInvoiceOf(subscriptionId: string): Promise<FirstInvoice> {
  const subscription = await getStripe().subscriptions.retrieve(subscriptionId, { expand: [FIRST_INVOICE] });
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string" || !invoice.id) throw new GatewayError("Stripe returned no invoice");
  const secret = invoiceSecretOf(subscription);
  return {
    invoiceId: invoice.id,
    status: invoice.status,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    paymentIntentId: secret ? paymentIntentIdFromSecret(secret) : null,
  };
}

const PAID_OR_PAYING = new Set<string>(["succeeded", "processing"]);

/** Stripe marks the invoice paid a moment after its PaymentIntent succeeds: the intent decides. */
async function refuseIfPaying(first: FirstInvoice): Promise<void> {
  if (!first.paymentIntentId) return;
  const intent = await getStripe().paymentIntents.retrieve(first.paymentIntentId);
  if (PAID_OR_PAYING.has(intent.status)) throw new AlreadyPaidError();
}

/** Stripe gives the same refusal for paid and void invoices, so a refusal is told apart by re-reading. */
export async function voidFirstInvoice(first: FirstInvoice): Promise<void> {
  const stripe = getStripe();
  if (first.status === "paid") throw new AlreadyPaidError();
  if (first.status === "void") return;
  await refuseIfPaying(first);
  try {
    // No idempotency key: Stripe would replay a keyed refusal for 24 hours, even after the payment
    // it lost to was declined.
    await stripe.invoices.voidInvoice(first.invoiceId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const now = await stripe.invoices.retrieve(first.invoiceId);
    if (now.status === "void") return;
    if (now.status === "paid") throw new AlreadyPaidError();
    await refuseIfPaying(first);
    throw error;
  }
}
