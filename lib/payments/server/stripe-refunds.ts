import "server-only";
import type Stripe from "stripe";
import {
  RefundKeyReusedError,
  RefundTooLargeError,
  type ProviderRefund,
  type RefundInput,
} from "@/lib/payments/server/gateway";
import { getStripe } from "@/lib/payments/server/stripe-client";
import { whileKeyInFlight } from "@/lib/payments/server/stripe-key-in-flight";

// The console request's key goes to Stripe bare, unlike other keys here: a retry after a failed
// answer may have changed amount or reason, and a parameter digest would make a second refund.

function statusOf(refund: Stripe.Refund): ProviderRefund["status"] {
  if (refund.status === "succeeded" || refund.status === "failed" || refund.status === "canceled") {
    return refund.status;
  }
  return "pending";
}

function providerRefund(refund: Stripe.Refund): ProviderRefund {
  const metadata: Record<string, string> = { ...(refund.metadata ?? {}) };
  return {
    refundId: refund.id,
    amount: refund.amount,
    currency: refund.currency,
    status: statusOf(refund),
    note: metadata.note ?? refund.reason ?? null,
    metadata,
    createdAt: new Date(refund.created * 1000),
  };
}

function isKeyReused(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { type, rawType } = error as { type?: unknown; rawType?: unknown };
  return type === "StripeIdempotencyError" || rawType === "idempotency_error";
}

function isTooLarge(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { type, code, param } = error as { type?: unknown; code?: unknown; param?: unknown };
  return type === "StripeInvalidRequestError" && (code === "charge_already_refunded" || param === "amount");
}

export async function stripeRefund(input: RefundInput): Promise<ProviderRefund> {
  const params: Stripe.RefundCreateParams = {
    payment_intent: input.paymentIntentId,
    amount: input.amount,
    reason: "requested_by_customer",
    metadata: { ...input.metadata, note: input.note },
  };
  try {
    const refund = await whileKeyInFlight(() =>
      getStripe().refunds.create(params, { idempotencyKey: input.idempotencyKey }),
    );
    return providerRefund(refund);
  } catch (error) {
    if (isTooLarge(error)) throw new RefundTooLargeError();
    if (isKeyReused(error)) throw new RefundKeyReusedError();
    throw error;
  }
}

export async function stripeRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
  const list = await getStripe().refunds.list({ payment_intent: paymentIntentId, limit: 100 });
  return list.data.map(providerRefund).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
