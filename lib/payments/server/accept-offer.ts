import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { ApiError, conflict } from "@/lib/platform/shared/api-error";
import type { Order } from "@/lib/generated/prisma/client";
import {
  recordFirstPayment,
  reloadOrder,
  withSubscription,
  type OrderWithSubscription,
} from "@/lib/payments/server/checkout-order";
import { viaGateway, type PaymentGateway } from "@/lib/payments/server/gateway";
import { offerRoot } from "@/lib/payments/server/offer-root";
import { openStep, stepColumn } from "@/lib/payments/server/read-offer-chain";
import { gatewayOf } from "@/lib/payments/server/select-gateway";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { syncOrder } from "@/lib/payments/server/sync-order";
import { attributionMetadata } from "@/lib/payments/shared/attribution";
import type { AcceptOfferResponse } from "@/lib/payments/shared/offer-schemas";

// "Yes" to an offer: one child order per product and chain (a unique key), one charge per child
// (the gateway's idempotency key). Every click, reload and tab runs this same path and lands on
// the same order and the same charge; the first order's row lock orders the decision.

const FAILURE = "Failed to add the offer to your order";
const DECLINED = "Your card was declined for this offer. Pay with another card, or choose No thanks.";
/** The first payment kept no card (a redirect method that cannot be charged off-session). */
const NO_SAVED_CARD = "Enter a card to add this offer to your order, or choose No thanks.";

/**
 * The child order for the open step if it offers `productCode` (made now or by an earlier click),
 * or the paid one an earlier click made, after which the chain has moved on.
 */
async function childOrder(root: Order, productCode: string): Promise<OrderWithSubscription> {
  const db = getDb();
  // A repeated click finds its order without queueing for the lock behind the other tabs.
  const open = await openStep(root);
  if (open?.productCode === productCode) {
    const made = await db.order.findUnique({
      where: {
        parentOrderId_productId_offerStep: {
          parentOrderId: root.id,
          productId: productCode,
          offerStep: stepColumn(open.step),
        },
      },
      include: withSubscription,
    });
    if (made) return made;
  }
  const id = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM orders WHERE id = ${root.id}::uuid FOR UPDATE`;
    const step = await openStep(root, tx);
    if (!step || step.productCode !== productCode) {
      const bought = await tx.order.findFirst({
        where: { parentOrderId: root.id, productId: productCode, fulfilledAt: { not: null } },
        select: { id: true },
      });
      if (bought) return bought.id;
      throw conflict("This offer is no longer open. Continue to your order.");
    }
    const offerStep = stepColumn(step.step);
    const existing = await tx.order.findUnique({
      where: { parentOrderId_productId_offerStep: { parentOrderId: root.id, productId: productCode, offerStep } },
      select: { id: true },
    });
    if (existing) return existing.id;
    const child = await tx.order.create({
      data: {
        parentOrderId: root.id,
        offerId: step.offer.id,
        offerStep,
        idempotencyKey: `offer:${root.id}:${productCode}:${step.step}`,
        contactId: root.contactId,
        prospectId: root.prospectId,
        browserId: root.browserId,
        email: root.email,
        name: root.name,
        productId: step.product.id,
        productName: step.product.name,
        isSubscription: false,
        quantity: 1,
        unitPrice: step.amount,
        totalAmount: step.amount,
        priceId: step.product.priceId,
        currency: step.product.currency,
        gateway: root.gateway,
        // The offer is part of the visit that bought the first order.
        experimentVariants: root.experimentVariants ?? {},
        firstUtmSource: root.firstUtmSource,
        firstUtmMedium: root.firstUtmMedium,
        firstUtmCampaign: root.firstUtmCampaign,
        firstUtmTerm: root.firstUtmTerm,
        firstUtmContent: root.firstUtmContent,
        lastUtmSource: root.lastUtmSource,
        lastUtmMedium: root.lastUtmMedium,
        lastUtmCampaign: root.lastUtmCampaign,
        lastUtmTerm: root.lastUtmTerm,
        lastUtmContent: root.lastUtmContent,
      },
      select: { id: true },
    });
    return child.id;
  }, SHORT_TX);
  return reloadOrder(id);
}

/** The card form's payment for the child: the recorded intent, or a new one when none is. */
async function cardForm(
  gateway: PaymentGateway,
  child: OrderWithSubscription,
  message = DECLINED,
): Promise<AcceptOfferResponse> {
  let paymentId = child.providerPaymentId;
  if (!paymentId) {
    const created = await viaGateway(
      () =>
        gateway.createPayment({
          orderId: child.id,
          amount: child.totalAmount,
          currency: child.currency,
          description: child.productName,
          email: child.email,
          idempotencyKey: `order:${child.id}`,
          metadata: { ...attributionMetadata(child), order_id: child.id },
        }),
      FAILURE,
    );
    await recordFirstPayment(child.id, created);
    paymentId = (await reloadOrder(child.id)).providerPaymentId;
  }
  const clientSecret = paymentId ? await viaGateway(() => gateway.clientSecretFor(paymentId), FAILURE) : null;
  if (!clientSecret) throw new ApiError("gateway_error", FAILURE);
  return { outcome: "card_required", transactionId: child.id, clientSecret, message };
}

async function settled(child: OrderWithSubscription): Promise<AcceptOfferResponse | null> {
  if (child.fulfilledAt) return { outcome: "succeeded", transactionId: child.id };
  if (!child.providerPaymentId) return null;
  const { paid, state } = await syncOrder(child, { forBuyer: false, failure: FAILURE });
  if (paid) return { outcome: "succeeded", transactionId: child.id };
  return state.status === "processing" ? { outcome: "processing", transactionId: child.id } : null;
}

export async function acceptOffer(
  input: { transactionId: string; productCode: string },
  context: { browserId: string },
): Promise<AcceptOfferResponse> {
  const root = await offerRoot(input.transactionId, context.browserId, FAILURE);
  const child = await childOrder(root, input.productCode);
  const done = await settled(child);
  if (done) return done;
  const gateway = gatewayOf(child);
  const rootPayment = root.providerPaymentId;
  const card = rootPayment ? await viaGateway(() => gateway.savedCard(rootPayment), FAILURE) : null;
  if (!card) return cardForm(gateway, child, NO_SAVED_CARD);
  const charge = await viaGateway(
    () =>
      gateway.chargeSavedCard({
        orderId: child.id,
        amount: child.totalAmount,
        currency: child.currency,
        description: child.productName,
        card,
        idempotencyKey: `offer:${child.id}`,
        metadata: { ...attributionMetadata(child), order_id: child.id, parent_order_id: root.id },
      }),
    FAILURE,
  );
  if (charge.outcome === "declined") return cardForm(gateway, await reloadOrder(child.id));
  // A declined attempt's card-form intent may be recorded already; the saved card's answer is the same then.
  await recordFirstPayment(child.id, { paymentIntentId: charge.paymentIntentId });
  const recorded = await reloadOrder(child.id);
  if (recorded.providerPaymentId !== charge.paymentIntentId) return cardForm(gateway, recorded);
  if (charge.outcome === "requires_action") {
    return {
      outcome: "requires_action",
      transactionId: child.id,
      clientSecret: charge.clientSecret,
      paymentMethodId: charge.paymentMethodId,
    };
  }
  return (await settled(recorded)) ?? { outcome: "processing", transactionId: child.id };
}
