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

// Refunds through stripe-node (issue 12 §4). Stripe's `reason` is a closed list, so the operator's
// words travel in metadata.note. The idempotency key is the console request's as is, with no
// digest of the parameters (unlike other Stripe keys here): the form keeps its key after a failed
// answer while amount and reason stay editable, and a digest would turn such a retry into a second
// refund. With the bare key Stripe replays the first refund, or refuses changed parameters.

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

/** Stripe's 400 for a key first used with other parameters (stripe-node: StripeIdempotencyError). */
function isKeyReused(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { type, rawType } = error as { type?: unknown; rawType?: unknown };
  return type === "StripeIdempotencyError" || rawType === "idempotency_error";
}

/** Stripe's answer to more than is left: charge_already_refunded, or an amount over the rest. */
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
