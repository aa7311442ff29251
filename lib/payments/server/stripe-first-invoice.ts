import "server-only";
import Stripe from "stripe";
import { AlreadyPaidError, GatewayError } from "@/lib/payments/server/gateway";
import { getStripe } from "@/lib/payments/server/stripe-client";

// A Stripe subscription's first invoice, and the one step of a seat change that Stripe itself
// refuses once that invoice is paid: voiding it. It is what makes a replacement and a payment
// mutually exclusive without any lock of ours (lib/payments/server/gateway.ts).

/** A confirmation secret is the invoice PaymentIntent's client secret: "<pi id>_secret_<…>". */
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

/** The client secret of a subscription's latest invoice, read with `expand: [FIRST_INVOICE]`. */
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

/**
 * Voids the open first invoice (which cancels its PaymentIntent). Stripe answers "You can only
 * pass in open invoices" for a paid and an already void invoice alike, and refuses an open one
 * whose payment is processing or has just succeeded, so a refusal is told apart by reading the
 * invoice and its PaymentIntent again.
 */
export async function voidFirstInvoice(first: FirstInvoice): Promise<void> {
  const stripe = getStripe();
  if (first.status === "paid") throw new AlreadyPaidError();
  if (first.status === "void") return;
  await refuseIfPaying(first);
  try {
    // No idempotency key of ours: voiding is idempotent by nature (a second void is refused and
    // read back as void below), while a keyed refusal would be replayed by Stripe for 24 hours,
    // even after the payment it lost to was declined.
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
