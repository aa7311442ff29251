import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { conflict } from "@/lib/platform/shared/api-error";
import { offerRoot } from "@/lib/payments/server/offer-root";
import { isChildPaid, openStep } from "@/lib/payments/server/read-offer-chain";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { showNextOffer } from "@/lib/payments/server/show-next-offer";
import type { NextOfferResponse } from "@/lib/payments/shared/offer-schemas";

// "No thanks": recorded under the first order's row lock, so it cannot cross an accept of the
// same offer in another tab. Saying it twice is the same answer.

const FAILURE = "Failed to record your answer";

export async function declineOffer(
  input: { transactionId: string; productCode: string },
  context: { browserId: string },
): Promise<NextOfferResponse> {
  const root = await offerRoot(input.transactionId, context.browserId, FAILURE);
  await getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM orders WHERE id = ${root.id}::uuid FOR UPDATE`;
    const declined = await tx.offerDecline.findUnique({
      where: { parentOrderId_productCode: { parentOrderId: root.id, productCode: input.productCode } },
    });
    if (declined) return;
    const child = await tx.order.findUnique({
      where: { parentOrderId_productId: { parentOrderId: root.id, productId: input.productCode } },
      select: { fulfilledAt: true, status: true },
    });
    // An unpaid child (a declined card, an authentication not done) may still be refused.
    if (child && isChildPaid(child)) throw conflict("You already added this offer to your order.");
    const step = await openStep(root, tx);
    if (!step || step.productCode !== input.productCode) {
      throw conflict("This offer is no longer open. Continue to your order.");
    }
    await tx.offerDecline.create({ data: { parentOrderId: root.id, productCode: input.productCode } });
  }, SHORT_TX);
  return showNextOffer(root.id, context);
}
