import "server-only";
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import {
  GatewayError,
  SeatChargeDeclinedError,
  type ProratedSeatsInput,
  type SeatChangeInvoice,
  type SeatsPreview,
} from "@/lib/payments/server/gateway";
import { getStripe } from "@/lib/payments/server/stripe-client";
import { whileKeyInFlight } from "@/lib/payments/server/stripe-key-in-flight";
import { seatChangeInvoiceOf } from "@/lib/payments/server/stripe-renewals";

// A seat change invoiced at once (always_invoice). The preview and the change name the same
// proration_date, so Stripe charges to the cent what the preview showed.

const digest = (params: unknown) => createHash("sha256").update(JSON.stringify(params)).digest("hex").slice(0, 16);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const idOf = (ref: string | { id?: string } | null | undefined) => (typeof ref === "string" ? ref : (ref?.id ?? null));

async function seatItem(subscriptionId: string): Promise<Stripe.SubscriptionItem> {
  const subscription = await getStripe().subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data[0];
  if (!item) throw new GatewayError("The subscription has no seat item");
  if (subscription.status !== "active") throw new GatewayError("Only an active subscription's seats can be changed");
  return item;
}

export async function stripePreviewSeats(input: ProratedSeatsInput): Promise<SeatsPreview> {
  const item = await seatItem(input.subscriptionId);
  const preview = await getStripe().invoices.createPreview({
    subscription: input.subscriptionId,
    subscription_details: {
      items: [{ id: item.id, quantity: input.quantity }],
      proration_date: seconds(input.prorationDate),
      proration_behavior: "always_invoice",
    },
  });
  const net = preview.total;
  const list = (item.price.unit_amount ?? 0) * input.quantity;
  return { net, nextRenewal: Math.max(0, list + Math.min(0, net)), currency: preview.currency };
}

export async function stripeSetSeatsNow(
  input: ProratedSeatsInput & { idempotencyKey: string },
): Promise<SeatChangeInvoice | null> {
  const stripe = getStripe();
  const item = await seatItem(input.subscriptionId);
  const params: Stripe.SubscriptionUpdateParams = {
    items: [{ id: item.id, quantity: input.quantity }],
    proration_behavior: "always_invoice",
    proration_date: seconds(input.prorationDate),
  };
  const updated = await whileKeyInFlight(() =>
    stripe.subscriptions.update(input.subscriptionId, params, {
      idempotencyKey: `${input.idempotencyKey}:${digest(params)}`,
    }),
  );
  const invoiceId = idOf(updated.latest_invoice);
  if (!invoiceId) return null;
  const invoice = await stripe.invoices.retrieve(invoiceId);
  if (invoice.billing_reason !== "subscription_update") return null;
  if (invoice.status === "open" && invoice.amount_remaining > 0) throw new SeatChargeDeclinedError();
  return seatChangeInvoiceOf(invoice);
}
