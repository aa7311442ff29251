import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import type { DemoPaymentIntent } from "@/lib/generated/prisma/client";
import {
  GatewayError,
  type OffSessionCharge,
  type OffSessionChargeInput,
  type SavedCard,
} from "@/lib/payments/server/gateway";
import { CARD_DECLINED_MESSAGE, type OffSessionBehaviour } from "@/lib/payments/shared/demo-cards";

// The demo gateway's saved cards and off-session charges, with Stripe's contract: the charge is
// decided when it is created, and the same key answers what its first request answered.

const token = (bytes: number) => randomBytes(bytes).toString("hex");

export async function demoSavedCard(paymentIntentId: string): Promise<SavedCard | null> {
  const intent = await getDb().demoPaymentIntent.findUnique({ where: { id: paymentIntentId } });
  if (!intent || intent.status !== "succeeded" || intent.setupFutureUsage !== "off_session") return null;
  // A subscription's card pays its renewals only, as Stripe's invoice payment has no setup_future_usage.
  if (intent.subscriptionId !== null) return null;
  if (!intent.customerId || !intent.paymentMethodId) return null;
  return { customerId: intent.customerId, paymentMethodId: intent.paymentMethodId };
}

function answer(intent: DemoPaymentIntent): OffSessionCharge {
  if (intent.offSessionError === "authentication_required") {
    return {
      outcome: "requires_action",
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      paymentMethodId: intent.paymentMethodId ?? "",
    };
  }
  if (intent.offSessionError) {
    return {
      outcome: "declined",
      paymentIntentId: intent.id,
      code: intent.offSessionError,
      message: CARD_DECLINED_MESSAGE,
    };
  }
  return { outcome: "succeeded", paymentIntentId: intent.id };
}

/** Declined and authentication_required charges stay requires_payment_method, as Stripe leaves them. */
function statusAfter(behaviour: OffSessionBehaviour) {
  return behaviour === "succeeded"
    ? { status: "succeeded", lastErrorCode: null, offSessionError: null }
    : { status: "requires_payment_method", lastErrorCode: behaviour, offSessionError: behaviour };
}

export async function demoChargeSavedCard(input: OffSessionChargeInput): Promise<OffSessionCharge> {
  const db = getDb();
  const method = await db.demoPaymentMethod.findUnique({ where: { id: input.card.paymentMethodId } });
  if (!method || method.customerId !== input.card.customerId) {
    throw new GatewayError("No such payment method for this customer");
  }
  const id = `pi_demo_${token(12)}`;
  // One insert decides the charge: a concurrent call with the same key waits for it, then reads it.
  await db.demoPaymentIntent.createMany({
    data: [
      {
        id,
        clientSecret: `${id}_secret_${token(16)}`,
        amount: input.amount,
        currency: input.currency,
        metadata: { ...input.metadata, transactionId: input.orderId },
        customerId: method.customerId,
        paymentMethodId: method.id,
        idempotencyKey: input.idempotencyKey,
        ...statusAfter(method.offSession as OffSessionBehaviour),
      },
    ],
    skipDuplicates: true,
  });
  const intent = await db.demoPaymentIntent.findUniqueOrThrow({ where: { idempotencyKey: input.idempotencyKey } });
  const same =
    intent.amount === input.amount && intent.currency === input.currency && intent.paymentMethodId === method.id;
  if (!same) throw new GatewayError("The idempotency key was already used with other parameters");
  return answer(intent);
}
