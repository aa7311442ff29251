import "server-only";
import { isDatabaseUnavailable } from "@/lib/platform/shared/db-errors";
import { ApiError } from "@/lib/platform/shared/api-error";
import type { PaymentStatus } from "@/lib/payments/shared/payment-status";
import { log } from "@/lib/platform/server/logger";

// Routes and pages see only this interface; getGateway() picks Stripe or the demo gateway.

export type { PaymentStatus };

export type CreatedPayment = { paymentIntentId: string; clientSecret: string };

export type CreatedSubscription = CreatedPayment & {
  subscriptionId: string;
  customerId: string | null;
  priceId: string | null;
};

export type PaymentState = {
  paymentIntentId: string | null;
  status: PaymentStatus | "unknown";
  amountPaid: number;
  currency: string;
  refunded: boolean;
  amountRefunded: number;
  failed: boolean;
  subscriptionStatus?: string;
  quantity?: number;
  currentPeriodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
};

export type RefundInput = {
  paymentIntentId: string;
  amount: number;
  currency: string;
  /** Stripe's own reason is a closed list. */
  note: string;
  idempotencyKey: string;
  /** Lets a webhook that sees the refund first record it as ours. */
  metadata: Record<string, string>;
};

export type ProviderRefund = {
  refundId: string;
  amount: number;
  currency: string;
  status: "succeeded" | "pending" | "failed" | "canceled";
  note: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
};

export type OneTimeInput = {
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** Keep the card for a later one-click offer (Stripe: a Customer and setup_future_usage "off_session"). */
  saveCard?: boolean;
  /** The buyer's name, for the Customer a saved card belongs to. */
  name?: string;
};

/** The card a subscription's renewals are charged to, as far as the provider says. */
export type CardOnFile = { brand: string | null; last4: string | null };

/** What the next renewal is charged to, and the credit (cents) it takes off first, e.g. from fewer seats. */
export type RenewalTerms = { card: CardOnFile | null; credit: number };

/** What a succeeded first payment saved for later charges. */
export type SavedCard = { customerId: string; paymentMethodId: string };

export type OffSessionChargeInput = {
  orderId: string;
  /** Cents, decided by the server. */
  amount: number;
  currency: string;
  description: string;
  card: SavedCard;
  /** The same key gives the same charge, never a second one. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type OffSessionCharge =
  | { outcome: "succeeded"; paymentIntentId: string }
  /** The bank asks the buyer to authenticate: confirm on the page with clientSecret and the saved card. */
  | { outcome: "requires_action"; paymentIntentId: string; clientSecret: string; paymentMethodId: string }
  | { outcome: "declined"; paymentIntentId: string | null; code: string; message: string };
/** A coupon on a subscription: its discount applies to the first `months` monthly invoices. */
export type SubscriptionCoupon = { id: string; percentOff: number | null; amountOff: number | null; months: number };

export type SubscriptionInput = {
  orderId: string;
  productId: string;
  productName: string;
  unitAmount: number;
  currency: string;
  quantity: number;
  email: string;
  name: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  coupon?: SubscriptionCoupon;
  /**
   * A payment plan: the provider ends the subscription after `instalments` months, the first
   * included, counted from `from` (the order's creation, so every retry sends the same end).
   */
  plan?: { instalments: number; from: Date };
};

export type SeatsInput = {
  subscriptionId: string;
  quantity: number;
  /** False: the buyer is neither charged nor credited for the rest of the period. */
  prorate: boolean;
  idempotencyKey: string;
};

export type ProratedSeatsInput = {
  subscriptionId: string;
  quantity: number;
  /** The instant the change counts from; the preview's, so the charge is what the buyer saw. */
  prorationDate: Date;
};

export type SeatsPreview = {
  /** Charged now when positive; negative: a credit the next renewal takes off. */
  net: number;
  /** The next renewal's amount at the new count, less any credit. */
  nextRenewal: number;
  currency: string;
};

/** The invoice that charged a seat change at once, recorded as a renewal invoice is. */
export type SeatChangeInvoice = {
  providerInvoiceId: string;
  periodStart: Date;
  periodEnd: Date;
  quantity: number;
  amount: number;
  currency: string;
  paidAt: Date;
};

export class SeatChargeDeclinedError extends Error {
  constructor() {
    super("The card on file declined the seat change's charge");
    this.name = "SeatChargeDeclinedError";
  }
}

export type CreatedRef = { paymentIntentId: string; subscriptionId?: string };

/**
 * Every create is idempotent by `input.idempotencyKey`. No method takes a database handle:
 * callers never hold a transaction across a provider call.
 */
export interface PaymentGateway {
  readonly name: "stripe" | "demo";
  createPayment(input: OneTimeInput): Promise<CreatedPayment>;
  createSubscription(input: SubscriptionInput): Promise<CreatedSubscription>;
  /**
   * Replaces an unpaid subscription (Stripe cannot change an incomplete first invoice's amount).
   * Throws {@link AlreadyPaidError} once the old payment succeeded or is processing; the caller
   * {@link discard}s the old subscription after the order has moved.
   */
  changeSubscriptionQuantity(subscriptionId: string, input: SubscriptionInput): Promise<CreatedSubscription>;
  /** Cancels what a losing writer created; the provider refuses once paid, so no payment is undone. */
  discard(created: CreatedRef): Promise<void>;
  updateContact(
    ref: { paymentIntentId: string; customerId: string | null },
    contact: { email: string; name: string },
  ): Promise<void>;
  clientSecretFor(paymentIntentId: string): Promise<string | null>;
  retrievePayment(paymentIntentId: string): Promise<PaymentState>;
  retrieveSubscription(subscriptionId: string): Promise<PaymentState>;
  refund(input: RefundInput): Promise<ProviderRefund>;
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** Ends the subscription now, unpaid invoices left as they are (dunning's end); a second call changes nothing. */
  cancelNow(subscriptionId: string): Promise<PaymentState>;
  /** `idempotencyKey`: one per change, so a cancel after a resume is not the first cancel's replay. */
  cancelAtPeriodEnd(subscriptionId: string, idempotencyKey: string): Promise<PaymentState>;
  /** The card the next renewal will be charged to (null when the provider knows of none) and the credit waiting. */
  renewalTerms(subscriptionId: string): Promise<RenewalTerms>;
  /** Undoes a cancellation at period end before the period ends. */
  resumeSubscription(subscriptionId: string, idempotencyKey: string): Promise<PaymentState>;
  /** Sets a paid, active subscription's seats; the next renewal charges the new count. */
  setSeats(input: SeatsInput): Promise<PaymentState>;
  /** What {@link setSeatsNow} would charge or credit, computed as the provider prorates; changes nothing. */
  previewSeats(input: ProratedSeatsInput): Promise<SeatsPreview>;
  /**
   * Sets an active subscription's seats and invoices the prorated difference at once (Stripe's
   * always_invoice): the card on file pays a charge, a credit waits for the next renewal. The same
   * key repeats the same change. Throws {@link SeatChargeDeclinedError} when the card declines.
   */
  setSeatsNow(input: ProratedSeatsInput & { idempotencyKey: string }): Promise<SeatChangeInvoice | null>;
  /** The card a succeeded payment saved for later use; null when the payment saved none (or is not paid). */
  savedCard(paymentIntentId: string): Promise<SavedCard | null>;
  /** A new payment on a saved card without the buyer typing it: off_session, confirmed at once; idempotent by key. */
  chargeSavedCard(input: OffSessionChargeInput): Promise<OffSessionCharge>;
}

export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayError";
  }
}

export class AlreadyPaidError extends GatewayError {
  constructor() {
    super("The payment has already been made");
    this.name = "AlreadyPaidError";
  }
}

export class RefundTooLargeError extends GatewayError {
  constructor() {
    super("The refund is larger than what is left of the payment");
    this.name = "RefundTooLargeError";
  }
}

export class RefundKeyReusedError extends GatewayError {
  constructor() {
    super("The refund key was already used with other parameters");
    this.name = "RefundKeyReusedError";
  }
}

/** A provider failure becomes a 502 (503 when unreachable) with `message`; our own errors pass through. */
export async function viaGateway<T>(call: () => Promise<T>, message: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError || isDatabaseUnavailable(error)) throw error;
    const name = error instanceof Error ? error.name : "unknown";
    const type = typeof error === "object" && error !== null && "type" in error ? String(error.type) : name;
    log.error(`[payments] gateway call failed: ${type}`);
    const unreachable = type === "StripeConnectionError";
    throw new ApiError(unreachable ? "gateway_unavailable" : "gateway_error", message);
  }
}
