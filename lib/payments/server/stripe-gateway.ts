import "server-only";
import { createHash } from "node:crypto";
import Stripe from "stripe";
import {
  GatewayError,
  type CreatedSubscription,
  type OneTimeInput,
  type PaymentGateway,
  type PaymentState,
  type PaymentStatus,
  type SubscriptionCoupon,
  type SubscriptionInput,
} from "@/lib/payments/server/gateway";
import { getStripe } from "@/lib/payments/server/stripe-client";
import { whileKeyInFlight } from "@/lib/payments/server/stripe-key-in-flight";
import { stripeRefund, stripeRefunds } from "@/lib/payments/server/stripe-refunds";
import { stripeChargeSavedCard, stripeSavedCard } from "@/lib/payments/server/stripe-saved-cards";
import { stripePreviewSeats, stripeSetSeatsNow } from "@/lib/payments/server/stripe-prorated-seats";
import {
  FIRST_INVOICE,
  firstInvoiceOf,
  invoiceSecretOf,
  paymentIntentIdFromSecret,
  voidFirstInvoice,
} from "@/lib/payments/server/stripe-first-invoice";
import { log } from "@/lib/platform/server/logger";
import { planEnd } from "@/lib/payments/server/stripe-plan-end";

// Seats are a subscription created default_incomplete, paid through the first invoice's
// confirmation secret. Idempotency keys carry a digest of the parameters: Stripe refuses a key
// replayed with other parameters (a corrected e-mail).

const digest = (params: unknown) => createHash("sha256").update(JSON.stringify(params)).digest("hex").slice(0, 16);

function firstInvoiceSecret(subscription: Stripe.Subscription): string {
  const secret = invoiceSecretOf(subscription);
  if (!secret) throw new GatewayError("Stripe did not return the first invoice's confirmation secret");
  return secret;
}

/** Found again by lookup key, so the account holds one Price per product and amount, not per checkout. */
async function catalogPrice(stripe: Stripe, input: SubscriptionInput): Promise<string> {
  const lookupKey = `${input.productId}:${input.currency}:${input.unitAmount}:month`;
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const created = await whileKeyInFlight(() =>
    stripe.prices.create(
      {
        currency: input.currency,
        unit_amount: input.unitAmount,
        recurring: { interval: "month" },
        product_data: { name: input.productName },
        lookup_key: lookupKey,
      },
      // Two first checkouts at once get the same Price instead of a lookup-key clash.
      { idempotencyKey: `price:${lookupKey}` },
    ),
  );
  return created.id;
}

/**
 * One Stripe coupon per coupon of ours, under an id derived from it: found again by that id, and
 * created once (two first checkouts at once share the idempotency key). Our coupons never change.
 */
async function stripeCoupon(stripe: Stripe, coupon: SubscriptionCoupon, currency: string): Promise<string> {
  const id = `ff_${coupon.id}`;
  try {
    return (await stripe.coupons.retrieve(id)).id;
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError && error.code === "resource_missing")) throw error;
  }
  const params: Stripe.CouponCreateParams = {
    id,
    duration: "repeating",
    duration_in_months: coupon.months,
    ...(coupon.percentOff !== null
      ? { percent_off: coupon.percentOff }
      : { amount_off: coupon.amountOff ?? 0, currency }),
  };
  const created = await whileKeyInFlight(() =>
    stripe.coupons.create(params, { idempotencyKey: `coupon:${id}:${digest(params)}` }),
  );
  return created.id;
}

async function createSubscription(input: SubscriptionInput, customerId?: string): Promise<CreatedSubscription> {
  const stripe = getStripe();
  const key = input.idempotencyKey;
  const metadata = { ...input.metadata, transactionId: input.orderId };
  const customerParams = { email: input.email, name: input.name, metadata };
  const customer =
    customerId ??
    (
      await whileKeyInFlight(() =>
        stripe.customers.create(customerParams, { idempotencyKey: `${key}:customer:${digest(customerParams)}` }),
      )
    ).id;
  const price = await catalogPrice(stripe, input);
  const coupon = input.coupon ? await stripeCoupon(stripe, input.coupon, input.currency) : null;
  const params: Stripe.SubscriptionCreateParams = {
    customer,
    items: [{ price, quantity: input.quantity }],
    ...(coupon ? { discounts: [{ coupon }] } : {}),
    ...(input.plan ? planEnd(input.plan) : {}),
    payment_behavior: "default_incomplete",
    payment_settings: { save_default_payment_method: "on_subscription" },
    expand: [FIRST_INVOICE],
    metadata,
  };
  const subscription = await whileKeyInFlight(() =>
    stripe.subscriptions.create(params, { idempotencyKey: `${key}:subscription:${digest(params)}` }),
  );
  const clientSecret = firstInvoiceSecret(subscription);
  return {
    subscriptionId: subscription.id,
    customerId: customer,
    priceId: price,
    clientSecret,
    paymentIntentId: paymentIntentIdFromSecret(clientSecret),
  };
}

/** The Customer a saved card is attached to; its key makes a retried checkout find the same one. */
async function paymentCustomer(input: OneTimeInput, metadata: Record<string, string>): Promise<string> {
  const params = { email: input.email, ...(input.name ? { name: input.name } : {}), metadata };
  const customer = await whileKeyInFlight(() =>
    getStripe().customers.create(params, { idempotencyKey: `${input.idempotencyKey}:customer:${digest(params)}` }),
  );
  return customer.id;
}

export const stripeGateway: PaymentGateway = {
  name: "stripe",

  async createPayment(input) {
    const metadata = { ...input.metadata, transactionId: input.orderId };
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      receipt_email: input.email,
      automatic_payment_methods: { enabled: true },
      metadata,
      ...(input.saveCard
        ? { customer: await paymentCustomer(input, metadata), setup_future_usage: "off_session" as const }
        : {}),
    };
    const intent = await whileKeyInFlight(() =>
      getStripe().paymentIntents.create(params, {
        idempotencyKey: `${input.idempotencyKey}:payment_intent:${digest(params)}`,
      }),
    );
    if (!intent.client_secret) throw new GatewayError("Stripe did not return a client secret");
    return { paymentIntentId: intent.id, clientSecret: intent.client_secret };
  },

  createSubscription: (input) => createSubscription(input),

  async changeSubscriptionQuantity(subscriptionId, input) {
    // A finalized first invoice is fixed, so a seat change replaces the subscription, voiding the
    // invoice first: Stripe refuses once it is paid or paying, so payment and replacement cannot both
    // win. The caller cancels the old subscription only after the order moved (else a sync would end it).
    const old = await firstInvoiceOf(subscriptionId);
    await voidFirstInvoice(old);
    return createSubscription(input, old.customerId);
  },

  async discard(ref) {
    const stripe = getStripe();
    try {
      if (!ref.subscriptionId) {
        await stripe.paymentIntents.cancel(ref.paymentIntentId);
        return;
      }
      const first = await firstInvoiceOf(ref.subscriptionId);
      await voidFirstInvoice(first);
      await stripe.subscriptions.cancel(ref.subscriptionId);
    } catch (error) {
      // Either way an unrecorded object is only left open, never charged twice.
      const type = error instanceof Error ? error.name : "unknown";
      log.warn(`[payments] could not discard ${ref.subscriptionId ?? ref.paymentIntentId}: ${type}`);
    }
  },

  async updateContact(ref, contact) {
    const stripe = getStripe();
    await stripe.paymentIntents.update(ref.paymentIntentId, { receipt_email: contact.email });
    if (ref.customerId) await stripe.customers.update(ref.customerId, { email: contact.email, name: contact.name });
  },

  async clientSecretFor(paymentIntentId) {
    return (await getStripe().paymentIntents.retrieve(paymentIntentId)).client_secret;
  },

  retrievePayment: (paymentIntentId) => retrievePayment(paymentIntentId),

  retrieveSubscription: (subscriptionId) => retrieveSubscription(subscriptionId),

  refund: stripeRefund,
  listRefunds: stripeRefunds,

  async cancelAtPeriodEnd(subscriptionId, idempotencyKey) {
    await getStripe().subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey });
    return retrieveSubscription(subscriptionId);
  },

  // One read: the card and the customer expanded. Stripe keeps a credit on the customer as a
  // negative balance, applied to the next invoices.
  async renewalTerms(subscriptionId) {
    const subscription = await getStripe().subscriptions.retrieve(subscriptionId, {
      expand: ["default_payment_method", "customer"],
    });
    const method = subscription.default_payment_method;
    const card = method && typeof method !== "string" ? method.card : null;
    const customer = subscription.customer;
    const balance = typeof customer !== "string" && !customer.deleted ? customer.balance : 0;
    return {
      card: method ? { brand: card?.brand ?? null, last4: card?.last4 ?? null } : null,
      credit: Math.max(0, -balance),
    };
  },

  async resumeSubscription(subscriptionId, idempotencyKey) {
    await getStripe().subscriptions.update(subscriptionId, { cancel_at_period_end: false }, { idempotencyKey });
    return retrieveSubscription(subscriptionId);
  },

  async cancelNow(subscriptionId) {
    // Stripe refuses to cancel a cancelled subscription; its invoices stay open, so paying one later still works.
    const state = await retrieveSubscription(subscriptionId);
    if (state.subscriptionStatus === "canceled") return state;
    await getStripe().subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `${subscriptionId}:cancel_now` });
    return retrieveSubscription(subscriptionId);
  },

  async setSeats(input) {
    const stripe = getStripe();
    const item = (await stripe.subscriptions.retrieve(input.subscriptionId)).items.data[0];
    if (!item) throw new GatewayError("The subscription has no seat item");
    const params: Stripe.SubscriptionUpdateParams = {
      items: [{ id: item.id, quantity: input.quantity }],
      proration_behavior: input.prorate ? "create_prorations" : "none",
    };
    await whileKeyInFlight(() =>
      stripe.subscriptions.update(input.subscriptionId, params, {
        idempotencyKey: `${input.idempotencyKey}:${digest(params)}`,
      }),
    );
    return retrieveSubscription(input.subscriptionId);
  },

  previewSeats: stripePreviewSeats,
  setSeatsNow: stripeSetSeatsNow,
  savedCard: stripeSavedCard,
  chargeSavedCard: stripeChargeSavedCard,
};

async function retrieveSubscription(subscriptionId: string): Promise<PaymentState> {
  const stripe = getStripe();
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: [FIRST_INVOICE] });
  const item = subscription.items.data[0];
  const quantity = item?.quantity ?? 0;
  const invoice = subscription.latest_invoice;
  const secret = invoiceSecretOf(subscription);
  const base: PaymentState = secret
    ? await retrievePayment(paymentIntentIdFromSecret(secret))
    : {
        paymentIntentId: null,
        status: invoice && typeof invoice !== "string" && invoice.status === "paid" ? "succeeded" : "unknown",
        amountPaid: invoice && typeof invoice !== "string" ? invoice.amount_paid : 0,
        currency: subscription.currency,
        refunded: false,
        amountRefunded: 0,
        failed: false,
      };
  // The billing period is on the subscription item (API 2025-03-31 and later).
  const periodEnd = item?.current_period_end;
  return {
    ...base,
    subscriptionStatus: subscription.status,
    quantity,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...(periodEnd ? { currentPeriodEnd: new Date(periodEnd * 1000) } : {}),
  };
}

async function retrievePayment(paymentIntentId: string): Promise<PaymentState> {
  return paymentState(await getStripe().paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] }));
}

function paymentState(intent: Stripe.PaymentIntent): PaymentState {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  return {
    paymentIntentId: intent.id,
    status: intent.status as PaymentStatus,
    amountPaid: intent.status === "succeeded" ? intent.amount_received : 0,
    currency: intent.currency,
    // True only once the whole charge went back.
    refunded: Boolean(charge?.refunded),
    amountRefunded: charge?.amount_refunded ?? 0,
    failed: intent.status === "requires_payment_method" && intent.last_payment_error !== null,
  };
}
