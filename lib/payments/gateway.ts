import "server-only";
import { isDatabaseUnavailable } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/api-error";

// One payment gateway contract, two implementations (design.md §7): Stripe and the demo gateway.
// Routes and pages only see this interface; getGateway() picks the implementation from config.

export type PaymentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

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
  refunded: boolean;
  /** The last attempt was declined (the intent went back to requires_payment_method). */
  failed: boolean;
  /** For subscriptions: the provider's subscription status and quantity. */
  subscriptionStatus?: string;
  quantity?: number;
  /** For subscriptions: when the period paid for ends, when the provider says. */
  currentPeriodEnd?: Date;
};

export type OneTimeInput = {
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  idempotencyKey: string;
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
};

/**
 * The caller's database transaction. The demo gateway writes its state through it, so a create
 * made under the caller's lock commits with the order (and needs no second pool connection);
 * Stripe ignores it.
 */
export type GatewayDb = Pick<Prisma.TransactionClient, "demoPaymentIntent" | "demoSubscription">;

export interface PaymentGateway {
  readonly name: "stripe" | "demo";
  createPayment(input: OneTimeInput, db?: GatewayDb): Promise<CreatedPayment>;
  createSubscription(input: SubscriptionInput, db?: GatewayDb): Promise<CreatedSubscription>;
  /**
   * Changes the seat count of a not-yet-paid subscription. The returned subscription may be a new
   * one (Stripe does not change the quantity of an incomplete subscription's first invoice).
   */
  changeSubscriptionQuantity(
    subscriptionId: string,
    input: SubscriptionInput,
    db?: GatewayDb,
  ): Promise<CreatedSubscription>;
  /**
   * Puts the buyer's corrected e-mail and name on a not-yet-paid payment (the receipt goes to
   * that address), and on the subscription's customer when there is one.
   */
  updateContact(
    ref: { paymentIntentId: string; customerId: string | null },
    contact: { email: string; name: string },
  ): Promise<void>;
  /** The client secret of an intent created earlier (a retried create returns the same intent). */
  clientSecretFor(paymentIntentId: string, db?: GatewayDb): Promise<string | null>;
  retrievePayment(paymentIntentId: string): Promise<PaymentState>;
  retrieveSubscription(subscriptionId: string): Promise<PaymentState>;
}

/** The processing state of a gateway call that failed for reasons outside the caller's input. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code = "gateway_error",
  ) {
    super(message);
    this.name = "GatewayError";
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
    console.error(`[payments] gateway call failed: ${type}`);
    const unreachable = type === "StripeConnectionError";
    throw new ApiError(unreachable ? "gateway_unavailable" : "gateway_error", message);
  }
}
