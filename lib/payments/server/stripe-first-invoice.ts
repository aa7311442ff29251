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

export async function firstInvoiceOf(subscriptionId: string): Promise<FirstInvoice> {
  const subscription = await getStripe().subscriptions.retrieve(subscriptionId, {
    expand: ["latest_invoice.confirmation_secret"],
  });
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string" || !invoice.id) throw new GatewayError("Stripe returned no invoice");
  const secret = invoice.confirmation_secret?.client_secret;
  return {
    invoiceId: invoice.id,
    status: invoice.status,
    customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    paymentIntentId: secret ? paymentIntentIdFromSecret(secret) : null,
  };
}

const PAID_OR_PAYING = new Set<string>(["succeeded", "processing"]);

/**
 * Voids the open first invoice (which cancels its PaymentIntent). Stripe answers "You can only
 * pass in open invoices" for a paid and for an already void invoice alike, so a refusal is told
 * apart by reading the invoice again. A processing payment leaves the invoice open, so its
 * PaymentIntent is asked first.
 */
export async function voidFirstInvoice(first: FirstInvoice, idempotencyKey: string): Promise<void> {
  const stripe = getStripe();
  if (first.status === "paid") throw new AlreadyPaidError();
  if (first.status === "void") return;
  if (first.paymentIntentId) {
    const intent = await stripe.paymentIntents.retrieve(first.paymentIntentId);
    if (PAID_OR_PAYING.has(intent.status)) throw new AlreadyPaidError();
  }
  try {
    await stripe.invoices.voidInvoice(first.invoiceId, {}, { idempotencyKey });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const now = await stripe.invoices.retrieve(first.invoiceId);
    if (now.status === "void") return;
    if (now.status === "paid") throw new AlreadyPaidError();
    throw error;
  }
}
