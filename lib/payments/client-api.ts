import type { DemoCard } from "@/lib/payments/demo-cards";
import type { GatewayErrorLike } from "@/lib/payments/payment-errors";
import { post } from "@/lib/http/client-post";
import {
  demoConfirmResponseSchema,
  demoStatusResponseSchema,
  paymentIntentResponseSchema,
  paymentSuccessResponseSchema,
  updateSubscriptionResponseSchema,
  type PaymentSuccessResponse,
} from "@/lib/payments/response-schemas";

// Browser calls to the payment routes (spec §7), with the spec's fallback messages (spec §8),
// through lib/http/client-post.ts.

export type CreateIntentBody = {
  contactId: string;
  email: string;
  name: string;
  productId: string;
  quantity: number;
  includeUpsell?: boolean;
};

export const createPaymentIntentRequest = (body: CreateIntentBody) =>
  post("/api/create-payment-intent", body, paymentIntentResponseSchema, "Failed to create payment intent");

export const updateSubscriptionRequest = (body: { subscriptionId: string; quantity: number }) =>
  post("/api/update-subscription", body, updateSubscriptionResponseSchema, "Failed to update subscription");

function checkSuccess(result: PaymentSuccessResponse): PaymentSuccessResponse {
  if (!result.token) throw new Error("Authentication token not received from server");
  if (!result.transactionId) throw new Error("Transaction ID not received from server");
  return result;
}

export const paymentSuccessRequest = async (body: {
  subscriptionId?: string;
  paymentIntentId?: string;
  contactId?: string;
  transactionId?: string;
}) =>
  checkSuccess(
    await post("/api/payment-success", body, paymentSuccessResponseSchema, "Failed to process payment success"),
  );

export const paymentSuccessMetadataRequest = async (body: { subscriptionId?: string; paymentIntentId?: string }) =>
  checkSuccess(
    await post(
      "/api/payment-success-metadata",
      body,
      paymentSuccessResponseSchema,
      "Failed to process payment success via metadata",
    ),
  );

export type ConfirmOutcome =
  { ok: true; paymentIntentId: string; status: string } | { ok: false; error: GatewayErrorLike };

export async function confirmDemoRequest(clientSecret: string, card: DemoCard): Promise<ConfirmOutcome> {
  try {
    const result = await post(
      "/api/demo-payments/confirm",
      { clientSecret, card },
      demoConfirmResponseSchema,
      "Payment failed",
    );
    if ("error" in result) return { ok: false, error: result.error };
    return { ok: true, paymentIntentId: result.paymentIntent.id, status: result.paymentIntent.status };
  } catch (error) {
    return { ok: false, error: { message: error instanceof Error ? error.message : "Payment failed" } };
  }
}

export async function demoIntentStatus(clientSecret: string): Promise<{ id: string; status: string } | null> {
  try {
    return await post("/api/demo-payments/status", { clientSecret }, demoStatusResponseSchema, "not found");
  } catch {
    return null;
  }
}
