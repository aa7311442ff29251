import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for Stripe's HTTP API, for stripe-node pointed at it through its
// host/port/protocol options. It speaks Stripe's wire format — form-encoded requests with
// bracketed keys, JSON objects with `object` and `id`, `expand[]`, Idempotency-Key replay,
// error envelopes — and keeps state for customers, payment methods, prices, payment intents,
// setup intents, subscriptions, invoices, charges and events. Cards behave as Stripe's test cards (see TEST_CARDS). Paths under /_double/ are test controls that stand in for what
// a card holder or Stripe's back office would do (pay, decline, refund), emitting the events
// Stripe would send.

type Obj = Record<string, unknown> & { id: string; object: string };
export type DoubleEvent = Obj & { type: string; data: { object: Obj } };
type Form = { [key: string]: string | Form | undefined };

export type StripeDouble = {
  url: string;
  port: number;
  events: DoubleEvent[];
  get(id: string): Obj | undefined;
  succeed(paymentIntentId: string): DoubleEvent[];
  fail(paymentIntentId: string): DoubleEvent[];
  /** A refund made in Stripe's dashboard: all that is left of the charge, or `amount` cents. */
  refund(paymentIntentId: string, amount?: number): DoubleEvent[];
  /** The buyer's bank opens a chargeback: charge.dispute.created. */
  dispute(paymentIntentId: string): DoubleEvent[];
  /** The chargeback is decided: charge.dispute.closed with status won or lost. */
  closeDispute(disputeId: string, outcome?: "won" | "lost"): DoubleEvent[];
  cancelSubscription(subscriptionId: string): DoubleEvent[];
  /** `renew` with the charge declined (a control for the browser tests, which cannot pass an outcome). */
  failRenewal(subscriptionId: string): DoubleEvent[];
  /**
   * The subscription reaches its period end: the item's period moves one month on, and the
   * period's `subscription_cycle` invoice is made and charged off-session. Paid: invoice.paid and
   * invoice.payment_succeeded. Failed: invoice.payment_failed and the subscription `past_due`.
   */
  renew(subscriptionId: string, outcome?: "paid" | "failed"): DoubleEvent[];
  /** The account's test clock, shaped as Stripe's `test_helpers.test_clock`; `frozen_time` is its now. */
  testClock(): Obj;
  /**
   * Advances the test clock by `seconds`, as POST /v1/test_helpers/test_clocks/:id/advance does:
   * every subscription whose period ended by then is billed (`renew`, once per period, paid unless
   * `outcomes` says failed) or, when cancel_at_period_end, ends (customer.subscription.deleted).
   */
  advanceClock(seconds: number, outcomes?: Record<string, "paid" | "failed">): DoubleEvent[];
  /**
   * The card holder completes (or fails) the 3-D Secure challenge of an intent in requires_action,
   * as the buttons of Stripe's test challenge page do; Stripe.js reaches the same through
   * POST /v1/3ds2/challenge_complete.
   */
  authenticate(paymentIntentId: string): DoubleEvent[];
  failAuthentication(paymentIntentId: string): DoubleEvent[];
  /** The intent is cancelled (an abandoned intent, or the open invoice voided): payment_intent.canceled. */
  cancelIntent(paymentIntentId: string): DoubleEvent[];
  /** A bank debit under way: the intent is processing and its invoice stays open. */
  processing(paymentIntentId: string): DoubleEvent[];
  /**
   * The intent succeeded and its invoice is not marked paid yet (Stripe updates the invoice a
   * moment after its PaymentIntent): only payment_intent.succeeded so far.
   */
  succeedIntentOnly(paymentIntentId: string): DoubleEvent[];
  /**
   * Holds the next API request with this method and path until `release()`; it is answered from
   * the state at release time. Lets a test put another call between a caller's read and its write.
   */
  pauseNext(method: string, path: string): { reached: Promise<void>; release: () => void };
  /**
   * Handles the next API request with this method and path at once (its effects and events
   * exist) and holds only the answer until `release()`: a slow response, with Stripe's webhook
   * free to arrive before the caller hears back.
   */
  holdNextAnswer(method: string, path: string): { reached: Promise<void>; release: () => void };
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** The next API call answers 500 api_error, as Stripe does during an incident. */
  failNextRequest(): void;
  /**
   * The next POST /v1/refunds makes a refund with this status (the card network refused it):
   * the charge keeps its money and no charge.refunded is sent.
   */
  nextRefundStatus(status: "failed" | "canceled" | "pending"): void;
  /** Every API answer (not the /_double/ controls) waits this long, as a slow provider would. */
  setLatency(ms: number): void;
  /** API requests received and not answered yet. */
  inFlight(): number;
  /** The pending invoice items (prorations) a subscription's changes have made. */
  invoiceItems(subscriptionId: string): Obj[];
  close(): Promise<void>;
};

type TestCard = {
  last4: string;
  behaviour: "succeeds" | "authenticate" | "declines_after_attach" | "declined" | "insufficient_funds";
};

/**
 * Stripe's test PaymentMethod tokens (what Stripe.js sends for the test card numbers). 0341 pays
 * when it is first typed and is declined on every later charge: Stripe already refuses the first
 * payment that would attach it; docs/decisions/0032 says why the double differs.
 */
const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { last4: "4242", behaviour: "succeeds" },
  pm_card_authenticationRequired: { last4: "3184", behaviour: "authenticate" },
  pm_card_chargeCustomerFail: { last4: "0341", behaviour: "declines_after_attach" },
  pm_card_chargeDeclined: { last4: "0002", behaviour: "declined" },
  pm_card_visa_chargeDeclinedInsufficientFunds: { last4: "9995", behaviour: "insufficient_funds" },
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe bills monthly by calendar: a period from 31 January ends on the last day of February. */
function nextMonth(seconds: number): number {
  const from = new Date(seconds * 1000);
  const lastDay = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 2, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  const [hours, minutes, secs] = [from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds()];
  return Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, day, hours, minutes, secs) / 1000;
}

/** stripe-node encodes nested params as a[b][0][c]=v; rebuild the object (arrays as index maps). */
export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Form = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        const next = node[part];
        node = typeof next === "object" ? next : (node[part] = {});
      }
    });
  }
  return root;
}

const str = (v: string | Form | undefined): string | undefined => (typeof v === "string" ? v : undefined);
const form = (v: string | Form | undefined): Form => (typeof v === "object" ? v : {});
const list = (v: string | Form | undefined): (string | Form)[] =>
  typeof v === "object" ? Object.values(v).filter((x): x is string | Form => x !== undefined) : v ? [v] : [];

export async function startStripeDouble(port = 0): Promise<StripeDouble> {
  const store = new Map<string, Obj>();
  const events: DoubleEvent[] = [];
  const idempotent = new Map<string, { status: number; body: string; request: string }>();
  /** Keys of POSTs received and not answered yet: Stripe answers 409 to a second one meanwhile. */
  const keysInFlight = new Set<string>();
  const requests: StripeDouble["requests"] = [];
  const put = (o: Obj) => (store.set(o.id, o), o);
  let failNext = false;
  let refundStatus: "failed" | "canceled" | "pending" | null = null;
  let latency = 0;
  let inFlight = 0;
  const pauses: {
    method: string;
    path: string;
    reached: () => void;
    released: Promise<void>;
    afterHandling?: boolean;
  }[] = [];

  function emit(type: string, object: Obj): DoubleEvent {
    const event: DoubleEvent = {
      id: newId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
    events.push(event);
    return event;
  }

  function expand(object: Obj, paths: string[]): Obj {
    const copy = structuredClone(object);
    for (const path of paths) {
      let node: Record<string, unknown> = copy;
      for (const part of path.split(".")) {
        const value = node[part];
        if (typeof value === "string" && store.has(value)) node[part] = structuredClone(store.get(value));
        const next = node[part];
        if (!next || typeof next !== "object") break;
        node = next as Record<string, unknown>;
      }
    }
    return copy;
  }

  function createIntent(params: {
    amount: number;
    currency: string;
    metadata: Form;
    invoice?: string;
    customer?: string;
    setupFutureUsage?: string;
    description?: string;
  }): Obj {
    const id = newId("pi");
    return put({
      id,
      object: "payment_intent",
      amount: params.amount,
      amount_received: 0,
      currency: params.currency,
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      status: "requires_payment_method",
      customer: params.customer ?? null,
      description: params.description ?? null,
      setup_future_usage: params.setupFutureUsage ?? null,
      payment_method: null,
      next_action: null,
      latest_charge: null,
      last_payment_error: null,
      metadata: params.metadata,
      livemode: false,
      created: now(),
      ...(params.invoice ? { invoice: params.invoice } : {}),
    });
  }

  /** What each card does, by PaymentMethod id (Stripe keeps this behind the card number). */
  const cardOf = new Map<string, TestCard>();
  /** 3-D Secure challenges shown and not answered yet: source id → payment intent id. */
  const challenges = new Map<string, string>();

  /** A PaymentMethod made from a test token, as Stripe makes one on each confirm with `pm_card_*`. */
  function paymentMethodFromToken(token: string): Obj {
    const card = TEST_CARDS[token] ?? TEST_CARDS.pm_card_chargeDeclined!;
    const method = put({
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      card: { brand: "visa", last4: card.last4, exp_month: 12, exp_year: 2034, funding: "credit", country: "US" },
      customer: null,
      billing_details: { email: null, name: null },
      metadata: {},
      livemode: false,
      created: now(),
    });
    cardOf.set(method.id, card);
    return method;
  }

  type Charged = { status: number; body: unknown };

  /** A card error as Stripe answers it: the intent back to requires_payment_method, a 402 naming it. */
  function cardError(intent: Obj, method: Obj, error: Record<string, string>, type = "card_error"): Charged {
    const lastError = { type, ...error, payment_method: structuredClone(method) };
    Object.assign(intent, {
      status: "requires_payment_method",
      payment_method: null,
      next_action: null,
      last_payment_error: lastError,
    });
    emit("payment_intent.payment_failed", intent);
    return {
      status: type === "card_error" ? 402 : 400,
      body: { error: { ...lastError, payment_intent: structuredClone(intent) } },
    };
  }

  /** Pays the intent with the card; with setup_future_usage the card is attached to its customer. */
  function chargeWith(intent: Obj, method: Obj): Charged {
    Object.assign(intent, { payment_method: method.id, next_action: null });
    if (intent.setup_future_usage && intent.customer && !method.customer) {
      method.customer = intent.customer;
      emit("payment_method.attached", method);
    }
    controls.succeed(intent.id);
    return { status: 200, body: intent };
  }

  /**
   * A confirmation with a card: `fresh` when it was typed for this payment (a test token), else a
   * card saved to the intent's customer. Off-session, a card that asks for authentication fails
   * with authentication_required; on-session it starts a 3-D Secure challenge.
   */
  function confirmWithCard(intent: Obj, method: Obj, options: { offSession: boolean; fresh: boolean }): Charged {
    const card = cardOf.get(method.id) ?? TEST_CARDS.pm_card_visa!;
    const declined = card.behaviour === "declined" || (card.behaviour === "declines_after_attach" && !options.fresh);
    if (declined || card.behaviour === "insufficient_funds") {
      const insufficient = card.behaviour === "insufficient_funds";
      return cardError(intent, method, {
        code: "card_declined",
        decline_code: insufficient ? "insufficient_funds" : "generic_decline",
        message: insufficient ? "Your card has insufficient funds." : "Your card was declined.",
      });
    }
    if (card.behaviour === "authenticate" && options.offSession) {
      return cardError(intent, method, {
        code: "authentication_required",
        decline_code: "authentication_required",
        message: "Your card was declined. This transaction requires authentication.",
      });
    }
    if (card.behaviour === "authenticate") {
      const source = newId("src");
      challenges.set(source, intent.id);
      Object.assign(intent, {
        status: "requires_action",
        payment_method: method.id,
        last_payment_error: null,
        next_action: {
          type: "use_stripe_sdk",
          use_stripe_sdk: {
            type: "three_d_secure_redirect",
            source,
            stripe_js: `https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_double&source=${source}`,
          },
        },
      });
      emit("payment_intent.requires_action", intent);
      return { status: 200, body: intent };
    }
    return chargeWith(intent, method);
  }

  /** The answer of the challenge page: the intent is paid, or back to requires_payment_method. */
  function finishChallenge(source: string, outcome: "complete" | "fail"): Obj | undefined {
    const intent = store.get(challenges.get(source) ?? "");
    challenges.delete(source);
    if (!intent || intent.status !== "requires_action") return undefined;
    const method = store.get(intent.payment_method as string)!;
    if (outcome === "complete") chargeWith(intent, method);
    else {
      cardError(
        intent,
        method,
        {
          code: "payment_intent_authentication_failure",
          message:
            "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new " +
            "PaymentMethod to attempt to fulfill this PaymentIntent again.",
        },
        "invalid_request_error",
      );
    }
    return intent;
  }

  /**
   * A SetupIntent's confirmation with a test card, as Stripe's: a card that would be declined is
   * refused (402, the intent back to requires_payment_method, setup_intent.setup_failed); any other
   * is attached to the intent's customer (payment_method.attached, setup_intent.succeeded). The
   * double shows no 3-D Secure challenge for a SetupIntent: 3184 fails its authentication.
   */
  function confirmSetup(setup: Obj, token: string | undefined): Charged {
    if (token && !token.startsWith("pm_card_")) return missing("payment_method", token);
    const method = paymentMethodFromToken(token ?? "pm_card_chargeDeclined");
    const card = cardOf.get(method.id)!;
    if (card.behaviour === "declined" || card.behaviour === "authenticate") {
      const error =
        card.behaviour === "declined"
          ? {
              type: "card_error",
              code: "card_declined",
              decline_code: "generic_decline",
              message: "Your card was declined.",
            }
          : {
              type: "invalid_request_error",
              code: "setup_intent_authentication_failure",
              message: "The latest attempt to set up the payment method has failed because authentication failed.",
            };
      const lastError = { ...error, payment_method: structuredClone(method) };
      Object.assign(setup, { status: "requires_payment_method", payment_method: null, last_setup_error: lastError });
      emit("setup_intent.setup_failed", setup);
      return {
        status: error.type === "card_error" ? 402 : 400,
        body: { error: { ...lastError, setup_intent: structuredClone(setup) } },
      };
    }
    if (setup.customer) {
      method.customer = setup.customer;
      emit("payment_method.attached", method);
    }
    Object.assign(setup, { status: "succeeded", payment_method: method.id, last_setup_error: null });
    emit("setup_intent.succeeded", setup);
    return { status: 200, body: setup };
  }

  /**
   * POST /v1/invoices/:id/pay: the open invoice charged off-session to the subscription's default
   * payment method, else the customer's invoice default. Paid: invoice.paid, the subscription
   * active, invoice.payment_succeeded. Declined: a 402 card error and invoice.payment_failed.
   */
  function payInvoice(invoiceId: string, p: Form): { status: number; body: unknown } {
    const invoice = store.get(invoiceId);
    if (!invoice || invoice.object !== "invoice") return missing("invoice", invoiceId);
    if (invoice.status === "paid") {
      return { status: 400, body: { error: { type: "invalid_request_error", message: "Invoice is already paid" } } };
    }
    if (invoice.status !== "open") {
      const message = `You can only pay open invoices. This invoice is ${String(invoice.status)}.`;
      return { status: 400, body: { error: { type: "invalid_request_error", message } } };
    }
    const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
      .subscription;
    const subscription = store.get(subscriptionId);
    const customer = typeof invoice.customer === "string" ? store.get(invoice.customer) : undefined;
    const settings = customer?.invoice_settings as { default_payment_method: string | null } | undefined;
    const methodId =
      str(p.payment_method) ??
      (subscription?.default_payment_method as string | null | undefined) ??
      settings?.default_payment_method ??
      null;
    const method = methodId ? store.get(methodId) : undefined;
    if (!method || method.customer !== invoice.customer) {
      const message = "The customer has no attached payment source or default payment method.";
      return { status: 400, body: { error: { type: "invalid_request_error", param: "payment_method", message } } };
    }
    const intent = intentOfInvoice(invoice);
    const charged = confirmWithCard(intent, method, { offSession: true, fresh: false });
    if (charged.status === 200) {
      emit("invoice.payment_succeeded", invoice);
      return { status: 200, body: invoice };
    }
    Object.assign(invoice, { attempted: true, attempt_count: (invoice.attempt_count as number) + 1 });
    emit("invoice.payment_failed", invoice);
    return charged;
  }

  const challengeOf = (intentId: string) => [...challenges].find(([, id]) => id === intentId)?.[0] ?? "";

  /** The card a confirmation names: a test token makes a new one; a saved one must be the customer's. */
  function cardFor(intent: Obj, param: string | undefined): { method: Obj; fresh: boolean } | Charged {
    if (param && !param.startsWith("pm_card_") && store.get(param)?.object === "payment_method") {
      const method = store.get(param)!;
      if (method.customer && method.customer === intent.customer) return { method, fresh: false };
      const message =
        "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared " +
        "with a connected account without Customer attachment, or was detached from a Customer. It may not be " +
        "used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.";
      return { status: 400, body: { error: { type: "invalid_request_error", param: "payment_method", message } } };
    }
    if (param && !param.startsWith("pm_card_")) return missing("payment_method", param);
    return { method: paymentMethodFromToken(param ?? "pm_card_chargeDeclined"), fresh: true };
  }

  /** Stripe's rounding: a percentage to the nearest cent; a fixed amount at most the subtotal. */
  function discountOn(coupon: Obj, subtotal: number): number {
    if (typeof coupon.percent_off === "number") return Math.round((subtotal * coupon.percent_off) / 100);
    return Math.min(Number(coupon.amount_off), subtotal);
  }

  function newDiscount(coupon: Obj, subscription: string, customer: string | undefined, start: number): Obj {
    coupon.times_redeemed = (coupon.times_redeemed as number) + 1;
    let end: number | null = start;
    if (coupon.duration === "forever") end = null;
    for (let m = 0; end !== null && m < Number(coupon.duration_in_months ?? 1); m++) end = nextMonth(end);
    return put({ id: newId("di"), object: "discount", coupon, customer, subscription, start, end });
  }

  /** A repeating coupon's discount lasts duration_in_months from the subscription's start. */
  function liveDiscount(subscription: Obj, at: number): Obj | null {
    const id = (subscription.discounts as string[] | undefined)?.[0];
    const discount = id ? store.get(id) : undefined;
    if (!discount) return null;
    return discount.end === null || (discount.end as number) > at ? discount : null;
  }

  /**
   * A subscription's invoice, finalized with its PaymentIntent (paid through `confirmation_secret`).
   * `period` is what the invoice bills: the line's service period.
   */
  function subscriptionInvoice(params: {
    subscription: string;
    customer: string | undefined;
    price: Obj;
    quantity: number;
    metadata: Form;
    billingReason: "subscription_create" | "subscription_cycle";
    period: { start: number; end: number };
    /** Stripe's invoice-level period: the one just ended (creation time for the first invoice). */
    invoicePeriod: { start: number; end: number };
    /** The subscription's discount while its coupon lasts. */
    discount?: Obj | null;
  }): Obj {
    const subtotal = (params.price.unit_amount as number) * params.quantity;
    const currency = params.price.currency as string;
    const off = params.discount ? discountOn(params.discount.coupon as Obj, subtotal) : 0;
    const total = subtotal - off;
    // A credit on the customer's balance (negative, as Stripe keeps it) is taken off first.
    const customer = params.customer ? store.get(params.customer) : undefined;
    const credit = Math.min(total, Math.max(0, -Number(customer?.balance ?? 0)));
    if (customer && credit > 0) customer.balance = Number(customer.balance) + credit;
    const amount = total - credit;
    const id = newId("in");
    const intent = createIntent({ amount, currency, metadata: {}, invoice: id });
    return put({
      id,
      object: "invoice",
      status: "open",
      billing_reason: params.billingReason,
      collection_method: "charge_automatically",
      subtotal,
      total,
      starting_balance: -credit,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      discounts: params.discount ? [params.discount.id] : [],
      total_discount_amounts: params.discount ? [{ amount: off, discount: params.discount.id }] : [],
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      currency,
      customer: params.customer,
      created: now(),
      period_start: params.invoicePeriod.start,
      period_end: params.invoicePeriod.end,
      status_transitions: { finalized_at: now(), paid_at: null },
      confirmation_secret: { client_secret: intent.client_secret, type: "payment_intent" },
      lines: {
        object: "list",
        data: [
          {
            id: newId("il"),
            object: "line_item",
            amount: subtotal,
            discount_amounts: params.discount ? [{ amount: off, discount: params.discount.id }] : [],
            currency,
            quantity: params.quantity,
            period: params.period,
            pricing: {
              type: "price_details",
              price_details: { price: params.price.id, product: params.price.product },
            },
          },
        ],
        has_more: false,
      },
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: params.subscription, metadata: params.metadata },
      },
    });
  }

  function intentOfInvoice(invoice: Obj): Obj {
    const secret = (invoice.confirmation_secret as { client_secret: string }).client_secret;
    return store.get(secret.slice(0, secret.indexOf("_secret_")))!;
  }

  function invoiceOfIntent(intentId: string): Obj | undefined {
    return [...store.values()].find(
      (o) =>
        o.object === "invoice" &&
        (o.confirmation_secret as { client_secret: string } | null)?.client_secret.startsWith(`${intentId}_secret_`),
    );
  }

  type RefundParams = { reason?: string; metadata?: Form };

  function putRefund(intent: Obj, charge: Obj, amount: number, params: RefundParams, status: string): Obj {
    return put({
      id: newId("re"),
      object: "refund",
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      reason: params.reason ?? null,
      status,
      metadata: params.metadata ?? {},
      created: now(),
    });
  }

  /** A refund of the charge, as Stripe makes one (dashboard or API): charge.refunded and refund.created. */
  function makeRefund(intent: Obj, charge: Obj, amount: number, params: RefundParams) {
    const refund = putRefund(intent, charge, amount, params, "succeeded");
    const refunded = (charge.amount_refunded as number) + amount;
    Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= (charge.amount as number) });
    return { refund, events: [emit("charge.refunded", charge), emit("refund.created", refund)] };
  }

  const controls = {
    succeed(intentId: string): DoubleEvent[] {
      const intent = store.get(intentId)!;
      const charge = put({
        id: newId("ch"),
        object: "charge",
        amount: intent.amount,
        amount_refunded: 0,
        refunded: false,
        paid: true,
        status: "succeeded",
        currency: intent.currency,
        payment_intent: intent.id,
        created: now(),
      });
      Object.assign(intent, {
        status: "succeeded",
        amount_received: intent.amount,
        latest_charge: charge.id,
        last_payment_error: null,
      });
      const out = [emit("charge.succeeded", charge), emit("payment_intent.succeeded", intent)];
      const invoice = invoiceOfIntent(intentId);
      if (invoice) {
        Object.assign(invoice, {
          status: "paid",
          amount_paid: invoice.amount_due,
          amount_remaining: 0,
          attempted: true,
          attempt_count: (invoice.attempt_count as number) + 1,
          next_payment_attempt: null,
          status_transitions: { ...(invoice.status_transitions as object), paid_at: now() },
        });
        const subscriptionId = (invoice.parent as { subscription_details: { subscription: string } })
          .subscription_details.subscription;
        const subscription = store.get(subscriptionId)!;
        // Paying a cancelled subscription's open invoice does not bring the subscription back.
        if (subscription.status !== "canceled") subscription.status = "active";
        out.push(emit("invoice.paid", invoice), emit("customer.subscription.updated", subscription));
      }
      return out;
    },
    fail(intentId: string): DoubleEvent[] {
      const intent = store.get(intentId)!;
      intent.status = "requires_payment_method";
      intent.last_payment_error = { type: "card_error", code: "card_declined", message: "Your card was declined." };
      const out = [emit("payment_intent.payment_failed", intent)];
      const invoice = invoiceOfIntent(intentId);
      if (invoice) out.push(emit("invoice.payment_failed", invoice));
      return out;
    },
    refund(intentId: string, amount?: number): DoubleEvent[] {
      const intent = store.get(intentId)!;
      const charge = store.get(intent.latest_charge as string)!;
      const left = (charge.amount as number) - (charge.amount_refunded as number);
      return makeRefund(intent, charge, amount ?? left, {}).events;
    },
    dispute(intentId: string): DoubleEvent[] {
      const intent = store.get(intentId)!;
      const charge = store.get(intent.latest_charge as string)!;
      Object.assign(charge, { disputed: true });
      const dispute = put({
        id: newId("du"),
        object: "dispute",
        amount: charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: intent.id,
        reason: "fraudulent",
        status: "needs_response",
        created: now(),
        livemode: false,
        metadata: {},
      });
      return [emit("charge.dispute.created", dispute)];
    },
    closeDispute(disputeId: string, outcome: "won" | "lost" = "lost"): DoubleEvent[] {
      const dispute = store.get(disputeId)!;
      dispute.status = outcome;
      return [emit("charge.dispute.closed", dispute)];
    },
    processing(intentId: string): DoubleEvent[] {
      const intent = store.get(intentId)!;
      intent.status = "processing";
      return [emit("payment_intent.processing", intent)];
    },
    succeedIntentOnly(intentId: string): DoubleEvent[] {
      const intent = store.get(intentId)!;
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount, last_payment_error: null });
      return [emit("payment_intent.succeeded", intent)];
    },
    authenticate(intentId: string): DoubleEvent[] {
      const before = events.length;
      finishChallenge(challengeOf(intentId), "complete");
      return events.slice(before);
    },
    failAuthentication(intentId: string): DoubleEvent[] {
      const before = events.length;
      finishChallenge(challengeOf(intentId), "fail");
      return events.slice(before);
    },
    cancelIntent(intentId: string): DoubleEvent[] {
      const intent = store.get(intentId)!;
      Object.assign(intent, { status: "canceled", canceled_at: now(), cancellation_reason: "void_invoice" });
      const invoice = invoiceOfIntent(intentId);
      if (invoice) Object.assign(invoice, { status: "void" });
      return [emit("payment_intent.canceled", intent)];
    },
    renew(subscriptionId: string, outcome: "paid" | "failed" = "paid"): DoubleEvent[] {
      const subscription = store.get(subscriptionId)!;
      const item = (subscription.items as { data: Obj[] }).data[0]!;
      const ended = { start: item.current_period_start as number, end: item.current_period_end as number };
      const period = { start: ended.end, end: nextMonth(ended.end) };
      // Stripe moves the period on at the boundary, before and whatever the payment's outcome.
      Object.assign(item, { current_period_start: period.start, current_period_end: period.end });
      const invoice = subscriptionInvoice({
        subscription: subscriptionId,
        customer: subscription.customer as string | undefined,
        price: item.price as Obj,
        quantity: item.quantity as number,
        metadata: subscription.metadata as Form,
        billingReason: "subscription_cycle",
        period,
        invoicePeriod: ended,
        discount: liveDiscount(subscription, period.start),
      });
      subscription.latest_invoice = invoice.id;
      // Stripe drafts the invoice and finalizes it about an hour later; only then it has a secret.
      const finalized = { status: invoice.status, confirmation_secret: invoice.confirmation_secret };
      Object.assign(invoice, { status: "draft", confirmation_secret: null });
      const out = [emit("invoice.created", invoice), emit("customer.subscription.updated", subscription)];
      Object.assign(invoice, finalized);
      out.push(emit("invoice.finalized", invoice));
      const intent = intentOfInvoice(invoice);
      if (outcome === "paid") {
        out.push(...controls.succeed(intent.id), emit("invoice.payment_succeeded", invoice));
        return out;
      }
      const error = {
        type: "card_error",
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      };
      intent.last_payment_error = error;
      // Smart Retries try again in a few days; meanwhile the subscription is past_due.
      Object.assign(invoice, {
        attempted: true,
        attempt_count: 1,
        next_payment_attempt: now() + 3 * 24 * 60 * 60,
      });
      subscription.status = "past_due";
      out.push(
        emit("payment_intent.payment_failed", intent),
        emit("invoice.payment_failed", invoice),
        emit("customer.subscription.updated", subscription),
      );
      return out;
    },
    failRenewal(subscriptionId: string): DoubleEvent[] {
      return controls.renew(subscriptionId, "failed");
    },
    cancelSubscription(subscriptionId: string): DoubleEvent[] {
      const subscription = store.get(subscriptionId)!;
      subscription.status = "canceled";
      return [emit("customer.subscription.deleted", subscription)];
    },
  };

  const clock: Obj = {
    id: newId("clock"),
    object: "test_helpers.test_clock",
    frozen_time: now(),
    status: "ready",
    name: "double",
  };
  let clockOffset = 0;

  function advanceClock(seconds: number, outcomes: Record<string, "paid" | "failed"> = {}): DoubleEvent[] {
    clockOffset += seconds;
    const frozen = now() + clockOffset;
    clock.frozen_time = frozen;
    const out: DoubleEvent[] = [];
    const periodEnd = (o: Obj) => Number((o.items as { data: Obj[] }).data[0]!.current_period_end);
    for (;;) {
      const due = [...store.values()].filter(
        (o) =>
          o.object === "subscription" && ["active", "past_due"].includes(String(o.status)) && periodEnd(o) <= frozen,
      );
      if (due.length === 0) return out;
      for (const subscription of due) {
        // cancel_at at or before this period's end: the period was the last (a plan's final month).
        const cancelAt = subscription.cancel_at == null ? Infinity : Number(subscription.cancel_at);
        if (subscription.cancel_at_period_end || cancelAt <= periodEnd(subscription)) {
          const endedAt = Math.min(cancelAt, periodEnd(subscription));
          Object.assign(subscription, { status: "canceled", ended_at: endedAt, canceled_at: endedAt });
          out.push(emit("customer.subscription.deleted", subscription));
        } else out.push(...controls.renew(subscription.id, outcomes[subscription.id] ?? "paid"));
      }
    }
  }

  /**
   * Stripe's default create_prorations leaves a pending invoice item for the rest of the period,
   * charged with the next invoice; proration_behavior=none leaves none.
   */
  function prorate(subscription: Obj, item: Obj, delta: number, behavior: string | undefined) {
    if (delta === 0 || behavior === "none") return;
    const [start, end] = [Number(item.current_period_start), Number(item.current_period_end)];
    const share = Math.max(0, end - (now() + clockOffset)) / Math.max(1, end - start);
    const price = item.price as Obj;
    put({
      id: newId("ii"),
      object: "invoiceitem",
      proration: true,
      subscription: subscription.id,
      customer: subscription.customer,
      currency: price.currency,
      quantity: delta,
      amount: Math.round(Number(price.unit_amount) * delta * share),
    });
  }

  /**
   * proration_behavior=always_invoice (and its preview): a line crediting the unused time of the
   * old quantity and one charging the remaining time of the new, each rounded, by the second from
   * `proration_date`. The invoice is made and paid at once; a net credit goes to the customer's
   * balance, which the next invoice takes off.
   */
  function prorationInvoice(subscription: Obj, item: Obj, quantity: number, date: number, preview: boolean): Obj {
    const [start, end] = [Number(item.current_period_start), Number(item.current_period_end)];
    const at = Math.min(Math.max(date, start), end);
    const price = item.price as Obj;
    const share = (q: number) => Math.round((Number(price.unit_amount) * q * (end - at)) / Math.max(1, end - start));
    const line = (amount: number, q: number, what: string) => ({
      id: newId("il"),
      object: "line_item",
      amount,
      currency: price.currency,
      description: `${what} time on ${q} × ${String(price.id)}`,
      quantity: q,
      period: { start: at, end },
      parent: {
        type: "subscription_item_details",
        subscription_item_details: { subscription: subscription.id, subscription_item: item.id, proration: true },
      },
    });
    const lines = [
      line(-share(Number(item.quantity)), Number(item.quantity), "Unused"),
      line(share(quantity), quantity, "Remaining"),
    ];
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const invoice: Obj = {
      id: preview ? `upcoming_${newId("in")}` : newId("in"),
      object: "invoice",
      status: "draft",
      billing_reason: "subscription_update",
      collection_method: "charge_automatically",
      subtotal: total,
      total,
      amount_due: Math.max(0, total),
      amount_paid: 0,
      amount_remaining: Math.max(0, total),
      attempt_count: 0,
      attempted: false,
      currency: price.currency,
      customer: subscription.customer,
      created: now(),
      period_start: at,
      period_end: at,
      status_transitions: { finalized_at: null, paid_at: null },
      confirmation_secret: null,
      lines: { object: "list", data: lines, has_more: false },
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    if (preview) return invoice;
    put(invoice);
    subscription.latest_invoice = invoice.id;
    Object.assign(invoice, { status: "open", status_transitions: { finalized_at: now(), paid_at: null } });
    emit("invoice.finalized", invoice);
    if (total > 0) {
      const intent = createIntent({
        amount: total,
        currency: String(price.currency),
        metadata: {},
        invoice: invoice.id,
      });
      invoice.confirmation_secret = { client_secret: intent.client_secret, type: "payment_intent" };
      controls.succeed(intent.id);
      emit("invoice.payment_succeeded", invoice);
      return invoice;
    }
    const customer = store.get(String(subscription.customer));
    if (customer) customer.balance = Number(customer.balance ?? 0) + total;
    Object.assign(invoice, {
      status: "paid",
      ending_balance: total,
      status_transitions: { finalized_at: now(), paid_at: now() },
    });
    emit("invoice.paid", invoice);
    return invoice;
  }

  type Handler = (params: Form, id: string | undefined) => { status: number; body: unknown };
  /** Stripe's 400 for an action the intent's status does not allow. */
  const unexpectedState = (message: string, intent?: Obj) => ({
    status: 400,
    body: {
      error: {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message,
        ...(intent ? { payment_intent: intent } : {}),
      },
    },
  });
  const missing = (kind: string, id: string | undefined) => ({
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${kind}: '${id ?? ""}'`,
        param: "id",
      },
    },
  });
  /** POST /v1/invoices/:id/void: Stripe voids only open invoices, and cancels their PaymentIntent. */
  function voidInvoice(invoiceId: string): { status: number; body: unknown } {
    const invoice = store.get(invoiceId);
    if (!invoice || invoice.object !== "invoice") return missing("invoice", invoiceId);
    const secret = (invoice.confirmation_secret as { client_secret: string } | null)?.client_secret ?? "";
    const intent = store.get(secret.slice(0, secret.indexOf("_secret_")));
    // Stripe also refuses while the invoice's payment is processing or has succeeded and the
    // invoice is not marked paid yet, with the same message.
    const paying = intent?.status === "processing" || intent?.status === "succeeded";
    if (invoice.status !== "open" || paying) {
      // Stripe's answer for a paid and for an already void invoice alike (no code).
      const message = "You can only pass in open invoices. This invoice isn't open.";
      return { status: 400, body: { error: { type: "invalid_request_error", message } } };
    }
    Object.assign(invoice, { status: "void", amount_remaining: 0 });
    emit("invoice.voided", invoice);
    if (intent) {
      Object.assign(intent, { status: "canceled", canceled_at: now(), cancellation_reason: "void_invoice" });
      emit("payment_intent.canceled", intent);
    }
    return { status: 200, body: invoice };
  }
  /** POST /v1/payment_intents/:id/cancel, refused for a succeeded or cancelled intent. */
  function cancelPaymentIntent(intentId: string): { status: number; body: unknown } {
    const intent = store.get(intentId);
    if (!intent || intent.object !== "payment_intent") return missing("payment_intent", intentId);
    if (intent.status === "succeeded" || intent.status === "canceled") {
      return unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. ` +
          "Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, " +
          "requires_capture, requires_confirmation, requires_action, processing.",
        intent,
      );
    }
    Object.assign(intent, { status: "canceled", canceled_at: now(), cancellation_reason: "requested_by_customer" });
    emit("payment_intent.canceled", intent);
    return { status: 200, body: intent };
  }

  const retrieve =
    (kind: string): Handler =>
    (params, id) => {
      const found = id ? store.get(id) : undefined;
      if (!found || found.object !== kind) return missing(kind, id);
      return { status: 200, body: expand(found, list(params.expand).map(String)) };
    };

  const newCustomer = (p: Form): Obj =>
    put({
      id: newId("cus"),
      object: "customer",
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      invoice_settings: { default_payment_method: null },
      metadata: form(p.metadata),
      balance: 0,
    });
  /** Stripe's 400 for a default payment method that is not attached to the customer. */
  const attachedElsewhere = (methodId: string, customerId: string | undefined) => {
    const method = store.get(methodId);
    if (!method || method.object !== "payment_method") return missing("payment_method", methodId);
    if (customerId && method.customer === customerId) return null;
    const message = `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`;
    return {
      status: 400,
      body: { error: { type: "invalid_request_error", param: "default_payment_method", message } },
    };
  };
  const updateObject = (kind: string, id: string, fields: Record<string, string | undefined>) => {
    const found = store.get(id);
    if (!found || found.object !== kind) return missing(kind, id);
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) found[k] = v;
    return { status: 200, body: found };
  };

  /** POST /v1/refunds: refused over what is left of the charge, as Stripe refuses it. */
  function createRefund(p: Form): { status: number; body: unknown } {
    const intent = store.get(str(p.payment_intent) ?? "");
    if (!intent || intent.object !== "payment_intent") return missing("payment_intent", str(p.payment_intent));
    const charge = intent.latest_charge ? store.get(intent.latest_charge as string) : undefined;
    if (!charge || intent.status !== "succeeded") {
      const message = `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`;
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", code: "charge_not_refundable", message } },
      };
    }
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (charge.refunded) {
      const message = `Charge ${charge.id} has already been refunded.`;
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", code: "charge_already_refunded", message } },
      };
    }
    const amount = str(p.amount) ? Number(str(p.amount)) : left;
    if (!Number.isInteger(amount) || amount > left || amount < 1) {
      const message = `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`;
      return { status: 400, body: { error: { type: "invalid_request_error", param: "amount", message } } };
    }
    const params = { reason: str(p.reason), metadata: form(p.metadata) };
    if (refundStatus) {
      const status = refundStatus;
      refundStatus = null;
      return { status: 200, body: putRefund(intent, charge, amount, params, status) };
    }
    return { status: 200, body: makeRefund(intent, charge, amount, params).refund };
  }

  const routes: Record<string, Handler> = {
    "POST /v1/refunds": (p) => createRefund(p),
    "GET /v1/refunds": (p, id) => {
      if (id) return retrieve("refund")(p, id);
      const intent = str(p.payment_intent);
      const data = [...store.values()]
        .filter((o) => o.object === "refund" && (!intent || o.payment_intent === intent))
        .sort((a, b) => (b.created as number) - (a.created as number));
      const limit = Number(str(p.limit) ?? "10");
      return {
        status: 200,
        body: { object: "list", url: "/v1/refunds", data: data.slice(0, limit), has_more: data.length > limit },
      };
    },
    "GET /v1/disputes": retrieve("dispute"),
    "POST /v1/customers": (p, id) => {
      // With an id: the update call (only the fields the checkout changes).
      if (id) {
        const method = str(form(p.invoice_settings).default_payment_method);
        if (method !== undefined) {
          const invalid = attachedElsewhere(method, id);
          if (invalid) return invalid;
          const customer = store.get(id)!;
          customer.invoice_settings = { ...(customer.invoice_settings as object), default_payment_method: method };
        }
        return updateObject("customer", id, { email: str(p.email), name: str(p.name) });
      }
      return { status: 200, body: newCustomer(p) };
    },
    "POST /v1/coupons": (p) => {
      const id = str(p.id) ?? newId("co");
      if (store.has(id)) {
        const error = {
          type: "invalid_request_error",
          code: "resource_already_exists",
          message: "Coupon already exists.",
        };
        return { status: 400, body: { error } };
      }
      const percent = str(p.percent_off);
      const months = str(p.duration_in_months);
      return {
        status: 200,
        body: put({
          id,
          object: "coupon",
          percent_off: percent === undefined ? null : Number(percent),
          amount_off: str(p.amount_off) === undefined ? null : Number(str(p.amount_off)),
          currency: str(p.currency) ?? null,
          duration: str(p.duration) ?? "once",
          duration_in_months: months === undefined ? null : Number(months),
          name: str(p.name) ?? null,
          times_redeemed: 0,
          valid: true,
          created: now(),
        }),
      };
    },
    "GET /v1/coupons": retrieve("coupon"),
    "POST /v1/prices": (p) => {
      const lookupKey = str(p.lookup_key) ?? null;
      if (lookupKey && [...store.values()].some((o) => o.object === "price" && o.lookup_key === lookupKey)) {
        const message = `A price (or other price) with the lookup key '${lookupKey}' already exists.`;
        return { status: 400, body: { error: { type: "invalid_request_error", param: "lookup_key", message } } };
      }
      const product = put({ id: newId("prod"), object: "product", name: str(form(p.product_data).name) ?? "" });
      return {
        status: 200,
        body: put({
          id: newId("price"),
          object: "price",
          active: true,
          currency: str(p.currency),
          unit_amount: Number(str(p.unit_amount)),
          recurring: { interval: str(form(p.recurring).interval) },
          product: product.id,
          type: "recurring",
          lookup_key: lookupKey,
        }),
      };
    },
    "GET /v1/prices": (p, id) => {
      if (id) return retrieve("price")(p, id);
      const keys = list(p.lookup_keys).map(String);
      const data = [...store.values()].filter(
        (o) =>
          o.object === "price" &&
          (keys.length === 0 || keys.includes(String(o.lookup_key))) &&
          (str(p.active) === undefined || String(o.active) === str(p.active)),
      );
      const limit = Number(str(p.limit) ?? "10");
      return {
        status: 200,
        body: { object: "list", url: "/v1/prices", data: data.slice(0, limit), has_more: data.length > limit },
      };
    },
    "POST /v1/payment_intents": (p, id) => {
      if (id && store.get(id)?.status === "canceled") {
        return unexpectedState("You cannot update this PaymentIntent because it has a status of canceled.");
      }
      if (id) return updateObject("payment_intent", id, { receipt_email: str(p.receipt_email) });
      const amount = Number(str(p.amount));
      if (!Number.isInteger(amount) || amount < 50) {
        return {
          status: 400,
          body: {
            error: { type: "invalid_request_error", message: "Amount must be at least $0.50 usd", param: "amount" },
          },
        };
      }
      const customer = str(p.customer);
      if (customer && store.get(customer)?.object !== "customer") return missing("customer", customer);
      const intent = createIntent({
        amount,
        currency: str(p.currency) ?? "usd",
        metadata: form(p.metadata),
        customer,
        setupFutureUsage: str(p.setup_future_usage),
        description: str(p.description),
      });
      if (str(p.confirm) !== "true") return { status: 200, body: intent };
      // confirm=true: the card is charged at once; off_session=true when the buyer is not there.
      const card = cardFor(intent, str(p.payment_method));
      if ("status" in card) return card;
      return confirmWithCard(intent, card.method, { offSession: str(p.off_session) === "true", fresh: card.fresh });
    },
    "GET /v1/payment_intents": retrieve("payment_intent"),
    // What Stripe.js calls when the Payment Element confirms; test payment methods as in Stripe.
    "POST /v1/payment_intents/confirm": (p, id) => {
      const intent = id ? store.get(id) : undefined;
      if (!intent) return missing("payment_intent", id);
      if (intent.status === "succeeded" || intent.status === "canceled") {
        return unexpectedState(
          `You cannot confirm this PaymentIntent because it has a status of ${String(intent.status)}.`,
          intent,
        );
      }
      const card = cardFor(intent, str(p.payment_method));
      if ("status" in card) return card;
      return confirmWithCard(intent, card.method, { offSession: str(p.off_session) === "true", fresh: card.fresh });
    },
    // Stripe.js after the card holder answered the 3-D Secure challenge; `outcome` stands for the
    // COMPLETE / FAIL buttons of Stripe's test challenge page, which the double does not serve.
    "POST /v1/3ds2": (p, id) => {
      const source = str(p.source) ?? "";
      if (id !== "challenge_complete" || !challenges.has(source)) return missing("source", source);
      const intent = finishChallenge(source, str(p.outcome) === "fail" ? "fail" : "complete");
      const status = intent?.status === "succeeded" ? "chargeable" : "failed";
      return { status: 200, body: { id: source, object: "source", status } };
    },
    "GET /v1/payment_methods": retrieve("payment_method"),
    "GET /v1/customers": retrieve("customer"),
    "GET /v1/customers/payment_methods": (_p, id) => {
      if (!id || store.get(id)?.object !== "customer") return missing("customer", id);
      const data = [...store.values()].filter((o) => o.object === "payment_method" && o.customer === id);
      return {
        status: 200,
        body: { object: "list", url: `/v1/customers/${id}/payment_methods`, data, has_more: false },
      };
    },
    "POST /v1/payment_intents/cancel": (_p, id) => cancelPaymentIntent(id ?? ""),
    "POST /v1/setup_intents": (p, id) => {
      if (id) return updateObject("setup_intent", id, {});
      const customer = str(p.customer);
      if (customer && store.get(customer)?.object !== "customer") return missing("customer", customer);
      const setupId = newId("seti");
      return {
        status: 200,
        body: put({
          id: setupId,
          object: "setup_intent",
          client_secret: `${setupId}_secret_${randomBytes(12).toString("hex")}`,
          customer: customer ?? null,
          usage: str(p.usage) ?? "off_session",
          status: "requires_payment_method",
          payment_method: null,
          payment_method_types: ["card"],
          last_setup_error: null,
          next_action: null,
          metadata: form(p.metadata),
          livemode: false,
          created: now(),
        }),
      };
    },
    "GET /v1/setup_intents": retrieve("setup_intent"),
    // What Stripe.js calls when the Payment Element confirms a SetupIntent (stripe.confirmSetup).
    "POST /v1/setup_intents/confirm": (p, id) => {
      const setup = id ? store.get(id) : undefined;
      if (!setup || setup.object !== "setup_intent") return missing("setup_intent", id);
      if (setup.status === "succeeded" || setup.status === "canceled") {
        const message = `You cannot confirm this SetupIntent because it has a status of ${String(setup.status)}.`;
        const error = { type: "invalid_request_error", code: "setup_intent_unexpected_state", message };
        return { status: 400, body: { error: { ...error, setup_intent: setup } } };
      }
      return confirmSetup(setup, str(p.payment_method));
    },
    "POST /v1/invoices/pay": (p, id) => payInvoice(id ?? "", p),
    "POST /v1/invoices/void": (_p, id) => voidInvoice(id ?? ""),
    "GET /v1/subscriptions": retrieve("subscription"),
    "GET /v1/invoices": retrieve("invoice"),
    // POST /v1/invoices/create_preview: what a subscription change would invoice, nothing stored.
    "POST /v1/invoices": (p, id) => {
      if (id !== "create_preview") return missing("invoice", id);
      const subscription = store.get(str(p.subscription) ?? "");
      if (!subscription || subscription.object !== "subscription") return missing("subscription", str(p.subscription));
      const details = form(p.subscription_details);
      const change = form(list(details.items)[0]);
      const item = (subscription.items as { data: Obj[] }).data.find((i) => i.id === str(change.id));
      if (!item) return missing("subscription_item", str(change.id));
      const date = Number(str(details.proration_date) ?? now() + clockOffset);
      return { status: 200, body: prorationInvoice(subscription, item, Number(str(change.quantity)), date, true) };
    },
    "GET /v1/charges": retrieve("charge"),
    "POST /v1/subscriptions": (p, id) => {
      // With an id: the update call; the console sets cancel_at_period_end or an item's quantity.
      if (id) {
        const subscription = store.get(id);
        if (!subscription || subscription.object !== "subscription") return missing("subscription", id);
        const changes = list(p.items).map(form);
        if (subscription.status === "canceled" && changes.length > 0) {
          const message = "A canceled subscription can only update its cancellation_details and metadata.";
          return { status: 400, body: { error: { type: "invalid_request_error", message } } };
        }
        const items = (subscription.items as { data: Obj[] }).data;
        for (const change of changes) {
          const item = items.find((i) => i.id === str(change.id));
          if (!item) return missing("subscription_item", str(change.id));
          const quantity = Number(str(change.quantity) ?? item.quantity);
          if (str(p.proration_behavior) === "always_invoice" && quantity !== Number(item.quantity)) {
            prorationInvoice(subscription, item, quantity, Number(str(p.proration_date) ?? now() + clockOffset), false);
          } else prorate(subscription, item, quantity - Number(item.quantity), str(p.proration_behavior));
          item.quantity = quantity;
        }
        if (str(p.cancel_at_period_end) !== undefined) {
          subscription.cancel_at_period_end = str(p.cancel_at_period_end) === "true";
        }
        const defaultMethod = str(p.default_payment_method);
        if (defaultMethod !== undefined) {
          const invalid = attachedElsewhere(defaultMethod, subscription.customer as string | undefined);
          if (invalid) return invalid;
          subscription.default_payment_method = defaultMethod;
        }
        if (changes.length > 0 || str(p.cancel_at_period_end) !== undefined || defaultMethod !== undefined) {
          emit("customer.subscription.updated", subscription);
        }
        return { status: 200, body: subscription };
      }
      const item = form(list(p.items)[0]);
      const price = store.get(str(item.price) ?? "");
      if (!price) return missing("price", str(item.price));
      const quantity = Number(str(item.quantity) ?? "1");
      const subscriptionId = newId("sub");
      // Created on the account's test clock, as a subscription under a Stripe test clock is.
      const start = now() + clockOffset;
      const period = { start, end: nextMonth(start) };
      const couponId = str(form(list(p.discounts)[0]).coupon);
      const coupon = couponId ? store.get(couponId) : undefined;
      if (couponId && (!coupon || coupon.object !== "coupon")) return missing("coupon", couponId);
      const discount = coupon ? newDiscount(coupon, subscriptionId, str(p.customer), period.start) : null;
      const invoice = subscriptionInvoice({
        subscription: subscriptionId,
        customer: str(p.customer),
        price,
        quantity,
        metadata: form(p.metadata),
        billingReason: "subscription_create",
        period,
        invoicePeriod: { start: period.start, end: period.start },
        discount,
      });
      const subscription = put({
        id: subscriptionId,
        object: "subscription",
        status: "incomplete",
        cancel_at_period_end: false,
        default_payment_method: null,
        // Stripe's end date for a subscription that cancels itself (a payment plan); null: none.
        cancel_at: str(p.cancel_at) === undefined ? null : Number(str(p.cancel_at)),
        customer: str(p.customer),
        currency: price.currency,
        metadata: form(p.metadata),
        latest_invoice: invoice.id,
        discounts: discount ? [discount.id] : [],
        items: {
          object: "list",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              price,
              quantity,
              // Stripe's monthly period from creation (API 2025-03-31+ keeps it on the item).
              current_period_start: period.start,
              current_period_end: period.end,
            },
          ],
          has_more: false,
        },
      });
      return { status: 200, body: expand(subscription, list(p.expand).map(String)) };
    },
    "DELETE /v1/subscriptions": (_p, id) => {
      const subscription = id ? store.get(id) : undefined;
      if (!subscription) return missing("subscription", id);
      if (subscription.status === "canceled") {
        const message = `A canceled subscription can't be canceled again: ${String(id)}`;
        return { status: 400, body: { error: { type: "invalid_request_error", message } } };
      }
      Object.assign(subscription, {
        status: "canceled",
        canceled_at: now() + clockOffset,
        ended_at: now() + clockOffset,
      });
      emit("customer.subscription.deleted", subscription);
      return { status: 200, body: subscription };
    },
  };

  const server = http.createServer((req, res) => {
    let raw = "";
    let heldKey: string | undefined;
    const settle = () => {
      if (heldKey) keysInFlight.delete(heldKey);
    };
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://double");
      const key =
        req.method === "POST" && !url.pathname.startsWith("/_double/") ? req.headers["idempotency-key"] : undefined;
      if (typeof key === "string" && keysInFlight.has(key)) {
        const message =
          "There is currently another in-progress request using this Idempotent Key (that probably means you " +
          "submitted twice, and the other request is still going through): " +
          `${key}. Please try again later.`;
        res.writeHead(409, { "content-type": "application/json", "request-id": newId("req") });
        return void res.end(JSON.stringify({ error: { type: "idempotency_error", message } }));
      }
      // A key already answered is replayed, never "in progress": concurrent replays do not conflict.
      if (typeof key === "string" && !idempotent.has(key)) keysInFlight.add((heldKey = key));
      const paused = pauses.findIndex((p) => p.method === req.method && p.path === url.pathname);
      if (!url.pathname.startsWith("/_double/")) inFlight++;
      if (paused === -1 && latency > 0 && !url.pathname.startsWith("/_double/")) {
        return void setTimeout(() => answer(url), latency);
      }
      if (paused === -1) return answer(url);
      const [pause] = pauses.splice(paused, 1);
      if (pause!.afterHandling) return answer(url, pause!.released, pause!.reached);
      pause!.reached();
      void pause!.released.then(() => answer(url));
    });

    function answer(url: URL, hold?: Promise<void>, handled?: () => void) {
      const segments = url.pathname.split("/").filter(Boolean);
      const send = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        const write = () => {
          if (segments[0] !== "_double") inFlight--;
          settle();
          res.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
          res.end(text);
        };
        if (hold) {
          handled?.();
          void hold.then(write);
        } else write();
        return text;
      };
      if (segments[0] === "_double") {
        const [, kind, id, action] = segments;
        const control =
          kind === "events"
            ? null
            : (controls as Record<string, ((id: string) => DoubleEvent[]) | undefined>)[action ?? ""];
        if (kind === "events") return void send(200, { data: events });
        if (!control || !id || !store.has(id)) return void send(404, { error: { message: "unknown control" } });
        return void send(200, { data: control(id) });
      }
      const params = parseForm(req.method === "GET" || req.method === "DELETE" ? url.search.slice(1) : raw);
      const key = `${req.method} /${segments.slice(0, 2).join("/")}${segments[3] ? `/${segments[3]}` : ""}`;
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey });
      // Publishable keys may only act on an intent whose client secret they present (Stripe.js).
      const target = segments[2] ? store.get(segments[2]) : undefined;
      const publishable =
        req.headers.authorization?.startsWith("Bearer pk_test_") &&
        (((segments[1] === "payment_intents" || segments[1] === "setup_intents") &&
          target !== undefined &&
          str(params.client_secret) === target.client_secret) ||
          (segments[1] === "3ds2" && challenges.has(str(params.source) ?? "")));
      if (!req.headers.authorization?.startsWith("Bearer sk_test_") && !publishable) {
        return void send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (failNext) {
        failNext = false;
        return void send(500, { error: { type: "api_error", message: "An unknown error occurred" } });
      }
      const cacheKey = idempotencyKey && req.method === "POST" ? `${idempotencyKey}` : null;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached && cached.request !== `${url.pathname}?${raw}`) {
        const message =
          "Keys for idempotent requests can only be used with the same parameters they were first used with. " +
          `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        return void send(400, { error: { type: "idempotency_error", message } });
      }
      if (cached) {
        inFlight--;
        settle();
        res.writeHead(cached.status, { "content-type": "application/json", "idempotent-replayed": "true" });
        return void res.end(cached.body);
      }
      const handler = routes[key];
      const result = handler
        ? handler(params, segments[2])
        : {
            status: 404,
            body: {
              error: {
                type: "invalid_request_error",
                message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
              },
            },
          };
      const text = send(result.status, result.body);
      if (cacheKey) idempotent.set(cacheKey, { status: result.status, body: text, request: `${url.pathname}?${raw}` });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    events,
    requests,
    get: (id) => store.get(id),
    failNextRequest: () => {
      failNext = true;
    },
    nextRefundStatus: (status) => {
      refundStatus = status;
    },
    setLatency: (ms) => {
      latency = ms;
    },
    inFlight: () => inFlight,
    invoiceItems: (subscriptionId) =>
      [...store.values()].filter((o) => o.object === "invoiceitem" && o.subscription === subscriptionId),
    pauseNext: (method, path) => {
      let reached = () => {};
      let release = () => {};
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      pauses.push({ method, path, reached, released });
      return { reached: reachedPromise, release };
    },
    holdNextAnswer: (method, path) => {
      let reached = () => {};
      let release = () => {};
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      pauses.push({ method, path, reached, released, afterHandling: true });
      return { reached: reachedPromise, release };
    },
    ...controls,
    testClock: () => clock,
    advanceClock,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
