import type { DemoCard } from "@/lib/payments/demo-cards";
import type { GatewayErrorLike } from "@/lib/payments/payment-errors";
import type { PaymentIntentResponse, PaymentSuccessResponse, UpdateSubscriptionResponse } from "@/lib/payments/schemas";

// Browser calls to the payment routes (spec §7), with the spec's fallback messages (spec §8):
// a non-OK reply throws the body's message, or the fallback when it has none.

async function post<T>(path: string, body: unknown, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(fallback);
  }
  const json = (await response.json().catch(() => null)) as
    (T & { error?: { message?: string } }) | { error?: { message?: string } } | null;
  if (!response.ok) throw new Error(json?.error?.message || fallback);
  return json as T;
}

export type CreateIntentBody = {
  contactId: string;
  email: string;
  name: string;
  productId: string;
  quantity: number;
  includeUpsell?: boolean;
};

export const createPaymentIntentRequest = (body: CreateIntentBody) =>
  post<PaymentIntentResponse>("/api/create-payment-intent", body, "Failed to create payment intent");

export const updateSubscriptionRequest = (body: { subscriptionId: string; quantity: number }) =>
  post<UpdateSubscriptionResponse>("/api/update-subscription", body, "Failed to update subscription");

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
  checkSuccess(await post<PaymentSuccessResponse>("/api/payment-success", body, "Failed to process payment success"));

export const paymentSuccessMetadataRequest = async (body: { subscriptionId?: string; paymentIntentId?: string }) =>
  checkSuccess(
    await post<PaymentSuccessResponse>(
      "/api/payment-success-metadata",
      body,
      "Failed to process payment success via metadata",
    ),
  );

export type ConfirmOutcome =
  { ok: true; paymentIntentId: string; status: string } | { ok: false; error: GatewayErrorLike };

export async function confirmDemoRequest(clientSecret: string, card: DemoCard): Promise<ConfirmOutcome> {
  try {
    const result = await post<
      { paymentIntent: { id: string; status: string } } | { error: { type: string; code: string; message: string } }
    >("/api/demo-payments/confirm", { clientSecret, card }, "Payment failed");
    if ("error" in result) return { ok: false, error: result.error };
    return { ok: true, paymentIntentId: result.paymentIntent.id, status: result.paymentIntent.status };
  } catch (error) {
    return { ok: false, error: { message: error instanceof Error ? error.message : "Payment failed" } };
  }
}

export async function demoIntentStatus(clientSecret: string): Promise<{ id: string; status: string } | null> {
  try {
    return await post<{ id: string; status: string }>("/api/demo-payments/status", { clientSecret }, "not found");
  } catch {
    return null;
  }
}
