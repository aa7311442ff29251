import "server-only";
import Stripe from "stripe";
import { getStripe } from "@/lib/payments/server/stripe-client";
import { recordRenewalInvoices, type RenewalInvoice } from "@/lib/payments/server/record-renewal-invoices";
import type { SeatChangeInvoice } from "@/lib/payments/server/gateway";

// A renewal invoice's event only says "look again": the invoice is re-read, so events in any order
// or twice leave the one row the invoice's current state makes. The first invoice is the order's.

type OurSubscription = { id: string; providerSubscriptionId: string };

const id = (ref: string | { id?: string } | null | undefined): string | null =>
  typeof ref === "string" ? ref : (ref?.id ?? null);

/**
 * A seat change invoiced at once, when it charged something: its last line is the remaining time
 * of the new count. A credit (nothing paid) is no revenue until a renewal uses it.
 */
export function seatChangeInvoiceOf(invoice: Stripe.Invoice): SeatChangeInvoice | null {
  const line = invoice.lines.data.at(-1);
  const paidAt = invoice.status_transitions.paid_at;
  if (invoice.billing_reason !== "subscription_update" || !invoice.id || !line) return null;
  if (invoice.status !== "paid" || invoice.amount_paid <= 0) return null;
  return {
    providerInvoiceId: invoice.id,
    periodStart: new Date(line.period.start * 1000),
    periodEnd: new Date(line.period.end * 1000),
    quantity: line.quantity ?? 0,
    amount: invoice.amount_paid,
    currency: invoice.currency,
    paidAt: paidAt ? new Date(paidAt * 1000) : new Date(),
  };
}

/** Paid, or failed once an attempt was made; a draft or an unattempted invoice is nothing yet. */
export function renewalOf(invoice: Stripe.Invoice, subscriptionId: string): RenewalInvoice | null {
  const seats = seatChangeInvoiceOf(invoice);
  if (seats) {
    const { paidAt, ...invoiced } = seats;
    return { subscriptionId, ...invoiced, status: "paid", at: paidAt };
  }
  if (invoice.billing_reason !== "subscription_cycle" || !invoice.id) return null;
  const line = invoice.lines.data[0];
  if (!line) return null;
  const paid = invoice.status === "paid";
  const failed = (invoice.status === "open" || invoice.status === "uncollectible") && invoice.attempt_count > 0;
  if (!paid && !failed) return null;
  const paidAt = invoice.status_transitions.paid_at;
  return {
    subscriptionId,
    providerInvoiceId: invoice.id,
    periodStart: new Date(line.period.start * 1000),
    periodEnd: new Date(line.period.end * 1000),
    quantity: line.quantity ?? 0,
    amount: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: paid ? "paid" : "failed",
    at: paid && paidAt ? new Date(paidAt * 1000) : new Date(),
  };
}

/** `invoiceId` null: the subscription's latest invoice (a customer.subscription.* event). */
export async function syncStripeRenewal(subscription: OurSubscription, invoiceId: string | null): Promise<void> {
  const stripe = getStripe();
  const invoiceRef =
    invoiceId ?? id((await stripe.subscriptions.retrieve(subscription.providerSubscriptionId)).latest_invoice);
  if (!invoiceRef) return;
  let invoice: Stripe.Invoice;
  try {
    invoice = await stripe.invoices.retrieve(invoiceRef);
  } catch (error) {
    // A signed event naming an invoice Stripe does not know has nothing to record.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return;
    throw error;
  }
  const owner = id(invoice.parent?.subscription_details?.subscription);
  if (owner !== subscription.providerSubscriptionId) return;
  const renewal = renewalOf(invoice, subscription.id);
  if (renewal) await recordRenewalInvoices([renewal]);
}
