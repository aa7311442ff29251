import type { z } from "zod";
import type { DemoCard } from "@/lib/payments/shared/demo-cards";
import type { demoConfirmSchema } from "@/lib/payments/server/demo-confirm";
import type { GatewayErrorLike } from "@/lib/payments/shared/payment-errors";
import { post } from "@/lib/platform/client/client-post";
import {
  demoConfirmResponseSchema,
  paymentIntentResponseSchema,
  paymentStatusResponseSchema,
  paymentSuccessResponseSchema,
  updateSubscriptionResponseSchema,
  type PaymentSuccessResponse,
} from "@/lib/payments/shared/response-schemas";
import type {
  createPaymentIntentSchema,
  paymentSuccessMetadataSchema,
  paymentStatusSchema,
  paymentSuccessSchema,
  updateSubscriptionSchema,
} from "@/lib/payments/shared/schemas";
import { acceptOfferResponseSchema, nextOfferResponseSchema } from "@/lib/payments/shared/offer-schemas";

// Request bodies are the routes' own schemas' input types.

export type CreateIntentBody = z.input<typeof createPaymentIntentSchema>;
type UpdateSubscriptionBody = z.input<typeof updateSubscriptionSchema>;
type PaymentSuccessBody = z.input<typeof paymentSuccessSchema>;
type PaymentSuccessMetadataBody = z.input<typeof paymentSuccessMetadataSchema>;
type DemoConfirmBody = z.input<typeof demoConfirmSchema>;
type PaymentStatusBody = z.input<typeof paymentStatusSchema>;

export const createPaymentIntentRequest = (body: CreateIntentBody) =>
  post("/api/create-payment-intent", body, paymentIntentResponseSchema, "Failed to create payment intent");

export const updateSubscriptionRequest = (body: UpdateSubscriptionBody) =>
  post("/api/update-subscription", body, updateSubscriptionResponseSchema, "Failed to update subscription");

function checkSuccess(result: PaymentSuccessResponse): PaymentSuccessResponse {
  if (!result.token) throw new Error("Authentication token not received from server");
  if (!result.transactionId) throw new Error("Transaction ID not received from server");
  return result;
}

export const paymentSuccessRequest = async (body: PaymentSuccessBody) =>
  checkSuccess(
    await post("/api/payment-success", body, paymentSuccessResponseSchema, "Failed to process payment success"),
  );

export const paymentSuccessMetadataRequest = async (body: PaymentSuccessMetadataBody) =>
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

export const confirmDemoRequest = (clientSecret: string, card: DemoCard) => confirmDemo({ clientSecret, card });

/** A saved card's charge that asked for authentication, confirmed with the buyer's answer to it. */
export const confirmDemoSavedCardRequest = (clientSecret: string, paymentMethod: string, authenticated: boolean) =>
  confirmDemo({ clientSecret, paymentMethod, authenticated });

async function confirmDemo(body: DemoConfirmBody): Promise<ConfirmOutcome> {
  try {
    const result = await post("/api/demo-payments/confirm", body, demoConfirmResponseSchema, "Payment failed");
    if ("error" in result) return { ok: false, error: result.error };
    return { ok: true, paymentIntentId: result.paymentIntent.id, status: result.paymentIntent.status };
  } catch (error) {
    // eslint-disable-next-line no-restricted-syntax -- a browser-side result, never sent as an answer
    return { ok: false, error: { message: error instanceof Error ? error.message : "Payment failed" } };
  }
}

export const nextOfferRequest = (transactionId: string) =>
  post("/api/next-offer", { transactionId }, nextOfferResponseSchema, "Failed to load the next offer");

export const acceptOfferRequest = (transactionId: string, productCode: string) =>
  post("/api/next-offer/accept", { transactionId, productCode }, acceptOfferResponseSchema, "Failed to add the offer");

export const declineOfferRequest = (transactionId: string, productCode: string) =>
  post(
    "/api/next-offer/decline",
    { transactionId, productCode },
    nextOfferResponseSchema,
    "Failed to record your answer",
  );

export const paymentStatusRequest = (body: PaymentStatusBody) =>
  post("/api/payment-status", body, paymentStatusResponseSchema, "Failed to check payment");
