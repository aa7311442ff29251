import "server-only";
import { isDatabaseUnavailable } from "@/lib/platform/shared/db-errors";
import { ApiError } from "@/lib/platform/shared/api-error";
import type { PaymentStatus } from "@/lib/payments/shared/payment-status";
import { log } from "@/lib/platform/server/logger";

// One payment gateway contract, two implementations (design.md §7): Stripe and the demo gateway.
// Routes and pages only see this interface; getGateway() picks the implementation from config.

export type { PaymentStatus };

export type CreatedPayment = { paymentIntentId: string; clientSecret: string };

export type CreatedSubscription = CreatedPayment & {
  subscriptionId: string;
  customerId: string | null;
  priceId: string | null;
};

/** What the gateway says about a one-time payment or a subscription's first invoice. */
export type PaymentState = {
  paymentIntentId: string | null;
  status: PaymentStatus | "unknown";
  /** Amount actually collected (cents); 0 until paid. */
  amountPaid: number;
  currency: string;
  /** Refunded in full (the whole amount collected went back). */
  refunded: boolean;
  /** Cents refunded so far, in full or in part. */
  amountRefunded: number;
  /** The last attempt was declined (the intent went back to requires_payment_method). */
  failed: boolean;
  /** For subscriptions: the provider's subscription status and quantity. */
  subscriptionStatus?: string;
  quantity?: number;
  /** For subscriptions: when the period paid for ends, when the provider says. */
  currentPeriodEnd?: Date;
  /** For subscriptions: the provider ends it when the paid period does. */
  cancelAtPeriodEnd?: boolean;
};

export type RefundInput = {
  paymentIntentId: string;
  amount: number;
  currency: string;
  /** The operator's words, kept with the refund (Stripe's own reason is a closed list). */
  note: string;
  /** The console request's key: a double submit or a retry gives the same refund back. */
  idempotencyKey: string;
  /** transactionId, source and operatorId: a webhook that sees the refund first records it as ours. */
  metadata: Record<string, string>;
};

/** A refund as the provider keeps it. */
export type ProviderRefund = {
  refundId: string;
  amount: number;
  currency: string;
  /** Only refunds that went through (or are on their way) count; failed and cancelled do not. */
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
  /** Attribution (lib/payments/shared/attribution.ts), stored with the intent beside transactionId. */
  metadata: Record<string, string>;
};

export type SubscriptionInput = {
  orderId: string;
  /** Catalog id: the provider keeps one recurring price per product and amount. */
  productId: string;
  productName: string;
  unitAmount: number;
  currency: string;
  quantity: number;
  email: string;
  name: string;
  idempotencyKey: string;
  /** Attribution, stored on the subscription (and its customer) beside transactionId. */
  metadata: Record<string, string>;
};

/** What a create or a replacement made, for {@link PaymentGateway.discard}. */
export type CreatedRef = { paymentIntentId: string; subscriptionId?: string };

/**
 * Every create is idempotent by `input.idempotencyKey`, as Stripe's Idempotency-Key is: the same
 * key gives the same intent or subscription back, so parallel callers and retries share one.
 * No method takes a database handle: callers never hold a transaction across a provider call.
 */
export interface PaymentGateway {
  readonly name: "stripe" | "demo";
  createPayment(input: OneTimeInput): Promise<CreatedPayment>;
  createSubscription(input: SubscriptionInput): Promise<CreatedSubscription>;
  /**
   * Replaces a not-yet-paid subscription with a new one for `input.quantity` (Stripe does not
   * change the amount of an incomplete subscription's first invoice). Atomic at the provider: the
   * first step makes the old first payment unpayable, a step the provider refuses once that
   * payment succeeded or is processing — then this throws {@link AlreadyPaidError} and changes
   * nothing. An old payment that is already void (replaced by a concurrent change) is no
   * obstacle: the caller's conditional write decides which replacement the order keeps. The old
   * subscription is left for the caller to {@link discard} once the order has moved.
   */
  changeSubscriptionQuantity(subscriptionId: string, input: SubscriptionInput): Promise<CreatedSubscription>;
  /**
   * Makes something a losing writer created unpayable (cancels the intent, voids the invoice and
   * cancels the subscription). The provider refuses once it is paid, so this never undoes a payment.
   */
  discard(created: CreatedRef): Promise<void>;
  /**
   * Puts the buyer's corrected e-mail and name on a not-yet-paid payment (the receipt goes to
   * that address), and on the subscription's customer when there is one.
   */
  updateContact(
    ref: { paymentIntentId: string; customerId: string | null },
    contact: { email: string; name: string },
  ): Promise<void>;
  /** The client secret of an intent created earlier (a retried create returns the same intent). */
  clientSecretFor(paymentIntentId: string): Promise<string | null>;
  retrievePayment(paymentIntentId: string): Promise<PaymentState>;
  retrieveSubscription(subscriptionId: string): Promise<PaymentState>;
  /**
   * Refunds part or all of a succeeded payment. The provider refuses more than is left; the same
   * idempotency key gives the same refund back.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Every refund of a payment, whoever made it (our console or the provider's dashboard). */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** The subscription runs to the end of the period paid for, then ends; nothing is refunded. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<PaymentState>;
}

/** The provider answered something we cannot use (no secret, no invoice); viaGateway makes it a 502. */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayError";
  }
}

/** The provider refused to replace or cancel a payment because it succeeded or is processing. */
export class AlreadyPaidError extends GatewayError {
  constructor() {
    super("The payment has already been made");
    this.name = "AlreadyPaidError";
  }
}

/** The provider refused a refund larger than what is left of the payment. */
export class RefundTooLargeError extends GatewayError {
  constructor() {
    super("The refund is larger than what is left of the payment");
    this.name = "RefundTooLargeError";
  }
}

/** The provider refused a refund key already used for a refund with another amount or reason. */
export class RefundKeyReusedError extends GatewayError {
  constructor() {
    super("The refund key was already used with other parameters");
    this.name = "RefundKeyReusedError";
  }
}

/**
 * Runs a gateway call; a provider failure becomes the spec's fallback message (spec §8) as a 502
 * (503 when the provider is unreachable) instead of a generic 500. Our own errors pass through.
 */
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
