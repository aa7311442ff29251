import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { conflict } from "@/lib/platform/shared/api-error";
import { reloadOrder } from "@/lib/payments/server/checkout-order";
import { viaGateway } from "@/lib/payments/server/gateway";
import { offerRoot } from "@/lib/payments/server/offer-root";
import { openStep, stepColumn } from "@/lib/payments/server/read-offer-chain";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { showNextOffer } from "@/lib/payments/server/show-next-offer";
import { syncOrder } from "@/lib/payments/server/sync-order";
import type { NextOfferResponse } from "@/lib/payments/shared/offer-schemas";

// "No thanks" to the open step. A yes to it that is still unpaid (a card to authenticate, a card
// form) is cancelled at the provider first, so it cannot be paid beside the downsell that follows;
// if it was paid meanwhile, the no comes too late. Saying no twice is the same answer.

const FAILURE = "Failed to record your answer";
const TOO_LATE = "You already added this offer to your order.";

export async function declineOffer(
  input: { transactionId: string; productCode: string },
  context: { browserId: string },
): Promise<NextOfferResponse> {
  const root = await offerRoot(input.transactionId, context.browserId, FAILURE);
  const db = getDb();
  const step = await openStep(root);
  if (!step || step.productCode !== input.productCode) {
    const declined = await db.offerDecline.count({ where: { parentOrderId: root.id, productCode: input.productCode } });
    if (declined > 0) return showNextOffer(root.id, context);
    throw conflict("This offer is no longer open. Continue to your order.");
  }
  const offerStep = stepColumn(step.step);
  const key = { parentOrderId: root.id, productId: input.productCode, offerStep };
  const child = await db.order.findUnique({ where: { parentOrderId_productId_offerStep: key } });
  const paymentId = child?.providerPaymentId;
  if (child && paymentId) {
    await viaGateway(() => gatewayOf(child).discard({ paymentIntentId: paymentId }), FAILURE);
    const { paid } = await syncOrder(await reloadOrder(child.id), { forBuyer: false, failure: FAILURE });
    if (paid) throw conflict(TOO_LATE);
  }
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM orders WHERE id = ${root.id}::uuid FOR UPDATE`;
    // A click in another tab may have made (and started paying) the child since it was read.
    const now = await tx.order.findUnique({ where: { parentOrderId_productId_offerStep: key } });
    if (now?.fulfilledAt) throw conflict(TOO_LATE);
    if (now && now.providerPaymentId !== (paymentId ?? null)) {
      throw conflict("Your answer crossed a payment started in another tab. Please reload the page.");
    }
    await tx.offerDecline.createMany({
      data: [{ parentOrderId: root.id, productCode: input.productCode, step: offerStep }],
      skipDuplicates: true,
    });
  }, SHORT_TX);
  return showNextOffer(root.id, context);
}
