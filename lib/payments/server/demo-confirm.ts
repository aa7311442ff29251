import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { evaluateDemoCard } from "@/lib/payments/shared/demo-cards";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { assertGatewayAvailable, gatewayMode } from "@/lib/payments/server/select-gateway";

// The client secret is the credential, as with Stripe.

export const demoConfirmSchema = z.strictObject({
  clientSecret: z.string().regex(/^pi_demo_[0-9a-f]+_secret_[0-9a-f]+$/, "clientSecret is not a demo client secret"),
  card: z.strictObject({
    number: z.string().max(32),
    expiry: z.string().max(16),
    cvc: z.string().max(8),
  }),
});

export type DemoConfirmResult =
  | { paymentIntent: { id: string; status: string } }
  | { error: { type: "card_error" | "invalid_request_error"; code: string; decline_code?: string; message: string } };

export async function confirmDemoPayment(input: z.infer<typeof demoConfirmSchema>): Promise<DemoConfirmResult> {
  assertGatewayAvailable();
  if (gatewayMode() !== "demo") throw new ApiError("not_found");
  const db = getDb();
  const intent = await db.demoPaymentIntent.findUnique({ where: { clientSecret: input.clientSecret } });
  if (!intent) throw new ApiError("not_found", "Payment information not found");
  if (intent.status === "succeeded" || intent.status === "canceled") {
    return {
      // eslint-disable-next-line no-restricted-syntax -- Stripe.js's error shape (demo gateway), not our body
      error: {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's status is ${intent.status} and cannot be confirmed.`,
      },
    };
  }
  const result = evaluateDemoCard(input.card);
  if (result.outcome === "error") {
    await db.demoPaymentIntent.update({ where: { id: intent.id }, data: { lastErrorCode: result.code } });
    return {
      // eslint-disable-next-line no-restricted-syntax -- Stripe.js's error shape (demo gateway), not our body
      error: { type: "card_error", code: result.code, decline_code: result.declineCode, message: result.message },
    };
  }
  // A seat change may have cancelled this intent since it was read.
  const confirmed = await db.$transaction(async (tx) => {
    const { count } = await tx.demoPaymentIntent.updateMany({
      where: { id: intent.id, status: { notIn: ["succeeded", "canceled"] } },
      data: { status: "succeeded", lastErrorCode: null },
    });
    if (count === 0) return false;
    await tx.demoSubscription.updateMany({ where: { latestPaymentIntentId: intent.id }, data: { status: "active" } });
    return true;
  }, SHORT_TX);
  if (!confirmed) {
    return {
      // eslint-disable-next-line no-restricted-syntax -- Stripe.js's error shape (demo gateway), not our body
      error: {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: "This PaymentIntent was changed while it was being confirmed and cannot be confirmed.",
      },
    };
  }
  return { paymentIntent: { id: intent.id, status: "succeeded" } };
}
