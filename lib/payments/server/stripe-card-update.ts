import "server-only";
import Stripe from "stripe";
import { ApiError } from "@/lib/platform/shared/api-error";
import type { CardOnFile } from "@/lib/payments/server/gateway";
import { getStripe } from "@/lib/payments/server/stripe-client";
import { whileKeyInFlight } from "@/lib/payments/server/stripe-key-in-flight";

// A buyer's new card in Stripe's terms (docs/decisions/0045): a SetupIntent on the subscription's
// Customer, confirmed by Stripe.js; the server then reads it back, never trusting the page for which
// subscription it was, makes its card the defaults and pays a past_due subscription's open invoice.

const idOf = (ref: string | { id?: string } | null | undefined): string | null =>
  typeof ref === "string" ? ref : (ref?.id ?? null);

export type CardSetup = { setupIntentId: string; clientSecret: string };

export type AppliedCard = {
  card: CardOnFile;
  /** The open invoice this update tried to pay, and how it went; null when nothing was owed. */
  overdue: { invoiceId: string; paid: boolean } | null;
};

export async function createCardSetup(providerSubscriptionId: string, key: string): Promise<CardSetup> {
  const stripe = getStripe();
  const customer = idOf((await stripe.subscriptions.retrieve(providerSubscriptionId)).customer);
  if (!customer) throw new ApiError("card_update_unavailable");
  const setup = await whileKeyInFlight(() =>
    stripe.setupIntents.create(
      {
        customer,
        usage: "off_session",
        allowed_payment_method_types: ["card"],
        metadata: { providerSubscriptionId },
      },
      { idempotencyKey: `${key}:setup_intent` },
    ),
  );
  if (!setup.client_secret) throw new ApiError("gateway_error", "Stripe did not return a client secret.");
  return { setupIntentId: setup.id, clientSecret: setup.client_secret };
}

async function readSetup(setupIntentId: string): Promise<Stripe.SetupIntent> {
  try {
    return await getStripe().setupIntents.retrieve(setupIntentId, { expand: ["payment_method"] });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") {
      throw new ApiError("card_setup_invalid");
    }
    throw error;
  }
}

/**
 * Applies a confirmed SetupIntent to the subscription it was made for. Every call's Stripe keys
 * derive from the SetupIntent, so a repeated call replays the first one's answers: one payment.
 */
export async function applyCardSetup(providerSubscriptionId: string, setupIntentId: string): Promise<AppliedCard> {
  const stripe = getStripe();
  const subscription = await stripe.subscriptions.retrieve(providerSubscriptionId);
  const customer = idOf(subscription.customer);
  const setup = await readSetup(setupIntentId);
  const method = setup.payment_method;
  if (
    !customer ||
    idOf(setup.customer) !== customer ||
    setup.metadata?.providerSubscriptionId !== providerSubscriptionId
  ) {
    throw new ApiError("card_setup_invalid");
  }
  if (setup.status !== "succeeded" || !method || typeof method === "string") throw new ApiError("card_refused");
  await whileKeyInFlight(() =>
    stripe.customers.update(
      customer,
      { invoice_settings: { default_payment_method: method.id } },
      { idempotencyKey: `${setupIntentId}:customer_default` },
    ),
  );
  await whileKeyInFlight(() =>
    stripe.subscriptions.update(
      providerSubscriptionId,
      { default_payment_method: method.id },
      { idempotencyKey: `${setupIntentId}:subscription_default` },
    ),
  );
  const card = { brand: method.card?.brand ?? null, last4: method.card?.last4 ?? null };
  const invoiceId = subscription.status === "past_due" ? idOf(subscription.latest_invoice) : null;
  if (!invoiceId) return { card, overdue: null };
  const invoice = await stripe.invoices.retrieve(invoiceId);
  if (invoice.status !== "open") return { card, overdue: null };
  try {
    // One attempt per card update: the key is the SetupIntent's, so a replayed call is not a second charge.
    await whileKeyInFlight(() =>
      stripe.invoices.pay(
        invoiceId,
        { payment_method: method.id, off_session: true },
        { idempotencyKey: `${setupIntentId}:pay:${invoiceId}` },
      ),
    );
    return { card, overdue: { invoiceId, paid: true } };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return { card, overdue: { invoiceId, paid: false } };
    throw error;
  }
}
