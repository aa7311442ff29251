import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import type { DemoRefund } from "@/lib/generated/prisma/client";
import {
  GatewayError,
  RefundKeyReusedError,
  RefundTooLargeError,
  type ProviderRefund,
  type RefundInput,
} from "@/lib/payments/server/gateway";
import { SHORT_TX } from "@/lib/payments/server/short-tx";

// As Stripe: one refund per key, never more in total than collected (checked under the intent's
// row lock, so two refunds cannot both take the last of it).

function providerRefund(row: DemoRefund): ProviderRefund {
  const metadata = row.metadata && typeof row.metadata === "object" && !Array.isArray(row.metadata) ? row.metadata : {};
  return {
    refundId: row.id,
    amount: row.amount,
    currency: row.currency,
    status: "succeeded",
    note: row.reason,
    metadata: Object.fromEntries(
      Object.entries(metadata).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as const] : [])),
    ),
    createdAt: row.createdAt,
  };
}

export function demoRefund(input: RefundInput): Promise<ProviderRefund> {
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM demo_payment_intents WHERE id = ${input.paymentIntentId} FOR UPDATE`;
    // After the lock: a concurrent request with the same key has committed by now.
    const replay = await tx.demoRefund.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
    if (replay) {
      if (replay.amount !== input.amount || replay.reason !== input.note) throw new RefundKeyReusedError();
      return providerRefund(replay);
    }
    const intent = await tx.demoPaymentIntent.findUnique({ where: { id: input.paymentIntentId } });
    if (!intent || intent.status !== "succeeded") throw new GatewayError("This payment cannot be refunded");
    const { _sum } = await tx.demoRefund.aggregate({
      where: { paymentIntentId: intent.id },
      _sum: { amount: true },
    });
    if ((_sum.amount ?? 0) + input.amount > intent.amount) throw new RefundTooLargeError();
    const row = await tx.demoRefund.create({
      data: {
        id: `re_demo_${randomBytes(12).toString("hex")}`,
        paymentIntentId: intent.id,
        amount: input.amount,
        currency: input.currency,
        reason: input.note,
        idempotencyKey: input.idempotencyKey,
        metadata: input.metadata,
      },
    });
    return providerRefund(row);
  }, SHORT_TX);
}

export async function demoRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
  const rows = await getDb().demoRefund.findMany({ where: { paymentIntentId }, orderBy: { createdAt: "asc" } });
  return rows.map(providerRefund);
}

export async function demoRefundedAmount(paymentIntentId: string): Promise<number> {
  const { _sum } = await getDb().demoRefund.aggregate({ where: { paymentIntentId }, _sum: { amount: true } });
  return _sum.amount ?? 0;
}
