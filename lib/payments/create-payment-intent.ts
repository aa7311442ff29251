import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { getDb } from "@/lib/db";
import { splitName } from "@/lib/funnel/name";
import { bindFunnelSession } from "@/lib/funnel/session-store";
import { ApiError, badRequest } from "@/lib/http/api-error";
import type { OrderStatus } from "@/lib/generated/prisma/client";
import { findProduct, priceOrder, quantityMessage, UPSELL_PRODUCT_ID } from "@/lib/payments/catalog";
import { viaGateway, type CreatedPayment } from "@/lib/payments/gateway";
import { type CreatePaymentIntentInput, type PaymentIntentResponse } from "@/lib/payments/schemas";
import { assertSubscriptionUnpaid } from "@/lib/payments/paid-guard";
import { getGateway } from "@/lib/payments/select-gateway";

// POST /api/create-payment-intent: records the prospective purchase (a PENDING order whose id is
// the transactionId) and creates its intent or subscription. One order per contact, product and
// choice: double clicks, retries and parallel calls wait on one advisory lock and get the same
// intent back.

function orderKey(input: CreatePaymentIntentInput, subscription: boolean): string {
  // Seats change on the page after the subscription exists, so the seat count is not part of
  // the key (a later create with another count updates the same subscription instead).
  const parts = [
    input.contactId,
    input.productId,
    input.includeUpsell ? "upsell" : "",
    subscription ? "" : input.quantity,
  ];
  return createHash("sha256").update(parts.join("|")).digest("hex");
}

export async function createPaymentIntent(
  input: CreatePaymentIntentInput,
  context: { browserId: string },
): Promise<PaymentIntentResponse> {
  const product = findProduct(input.productId);
  if (!product) throw badRequest("productId is not a product on sale", "unknown_product");
  if (input.quantity < product.minQuantity || input.quantity > product.maxQuantity) {
    throw badRequest(quantityMessage(product));
  }
  const isSubscription = product.interval === "month";
  const upsell = input.includeUpsell && !isSubscription ? findProduct(UPSELL_PRODUCT_ID) : null;
  if (upsell?.id === product.id) throw badRequest("The add-to-order item is already in this order.");
  const priced = priceOrder(product, input.quantity, upsell);
  const gateway = getGateway();
  await bindFunnelSession({ sessionId: input.contactId, browserId: context.browserId });
  const email = input.email.toLowerCase();
  const names = splitName(input.name);
  const baseKey = orderKey(input, isSubscription);
  const db = getDb();
  const failure = "Failed to create payment intent";

  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${baseKey}, 0))`;
      const prospect = await tx.prospect.findUnique({ where: { email }, select: { id: true } });
      // A finished order (paid, refunded, cancelled) is not reused: a new purchase gets a new key.
      let key = baseKey;
      let order = await tx.order.findUnique({ where: { idempotencyKey: key }, include: { subscription: true } });
      for (let n = 1; order && !isUnpaidStatus(order.status); n++) {
        key = `${baseKey}:${n}`;
        order = await tx.order.findUnique({ where: { idempotencyKey: key }, include: { subscription: true } });
      }
      if (order && order.browserId !== context.browserId) throw new ApiError(404, "not_found", "Not found.");
      if (order && (order.email !== email || order.name !== names.name)) {
        // The form creates the payment as soon as the e-mail is valid, and the buyer may still be
        // correcting it (or the name): the unpaid order, and the receipt, follow the latest entry.
        const existing = order;
        if (existing.providerPaymentId) {
          const ref = { paymentIntentId: existing.providerPaymentId, customerId: existing.providerCustomerId };
          await viaGateway(() => gateway.updateContact(ref, { email, name: names.name }), failure);
        }
        order = await tx.order.update({
          where: { id: existing.id },
          data: { email, name: names.name, prospectId: prospect?.id ?? null },
          include: { subscription: true },
        });
      }
      order ??= await tx.order.create({
        data: {
          contactId: input.contactId,
          prospectId: prospect?.id ?? null,
          browserId: context.browserId,
          email,
          name: names.name,
          productId: product.id,
          productName: upsell ? `${product.name} + ${upsell.name}` : product.name,
          upsellProductId: upsell?.id ?? null,
          isSubscription,
          quantity: priced.quantity,
          unitPrice: priced.unitAmount,
          totalAmount: priced.totalAmount,
          currency: product.currency,
          gateway: gateway.name,
          idempotencyKey: key,
        },
        include: { subscription: true },
      });
      const gatewayInput = {
        orderId: order.id,
        productId: product.id,
        productName: product.name,
        unitAmount: product.unitAmount,
        currency: product.currency,
        quantity: priced.quantity,
        email,
        name: names.name,
        idempotencyKey: `order:${order.id}:create`,
      };
      const respond = (payment: CreatedPayment, subscriptionId?: string): PaymentIntentResponse => ({
        clientSecret: payment.clientSecret,
        paymentIntentId: payment.paymentIntentId,
        ...(subscriptionId ? { subscriptionId } : {}),
        contactId: input.contactId,
        transactionId: order.id,
        amount: isSubscription ? priced.totalAmount : order.totalAmount,
      });

      if (order.providerPaymentId) {
        const sub = order.subscription;
        if (sub && isUnpaidStatus(order.status) && order.quantity !== priced.quantity) {
          await assertSubscriptionUnpaid(gateway, sub.providerSubscriptionId, failure);
          const changed = await viaGateway(
            () =>
              gateway.changeSubscriptionQuantity(
                sub.providerSubscriptionId,
                { ...gatewayInput, idempotencyKey: `order:${order.id}:q${priced.quantity}:${randomUUID()}` },
                tx,
              ),
            failure,
          );
          await recordSubscription(tx, order.id, changed, priced.quantity, priced.totalAmount);
          return respond(changed, changed.subscriptionId);
        }
        const paymentId = order.providerPaymentId;
        const clientSecret = await viaGateway(() => gateway.clientSecretFor(paymentId, tx), failure);
        if (!clientSecret) throw new ApiError(502, "gateway_error", "Failed to create payment intent");
        return respond({ paymentIntentId: order.providerPaymentId, clientSecret }, sub?.providerSubscriptionId);
      }

      if (isSubscription) {
        const created = await viaGateway(() => gateway.createSubscription(gatewayInput, tx), failure);
        await recordSubscription(tx, order.id, created, priced.quantity, priced.totalAmount);
        return respond(created, created.subscriptionId);
      }
      const payment = {
        orderId: order.id,
        amount: order.totalAmount,
        currency: order.currency,
        description: order.productName,
        email,
        idempotencyKey: `order:${order.id}`,
      };
      const created = await viaGateway(() => gateway.createPayment(payment, tx), failure);
      await tx.order.update({ where: { id: order.id }, data: { providerPaymentId: created.paymentIntentId } });
      return respond(created);
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

/**
 * Nothing has been paid on an order in these states: a declined card (FAILED) leaves the intent
 * waiting for another payment method, so the buyer may retry it or change seats.
 */
export function isUnpaidStatus(status: OrderStatus): boolean {
  return status === "PENDING" || status === "FAILED";
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["$transaction"]>[0]>[0];

export async function recordSubscription(
  tx: Tx,
  orderId: string,
  created: { subscriptionId: string; paymentIntentId: string; customerId: string | null; priceId: string | null },
  quantity: number,
  totalAmount: number,
): Promise<void> {
  await tx.order.update({
    where: { id: orderId },
    data: {
      providerPaymentId: created.paymentIntentId,
      providerCustomerId: created.customerId,
      providerPriceId: created.priceId,
      quantity,
      totalAmount,
    },
  });
  // The replacement intent has not been attempted yet, so an earlier decline no longer applies.
  // Only a FAILED order is reset: a payment recorded meanwhile must never be turned back.
  await tx.order.updateMany({
    where: { id: orderId, status: "FAILED", fulfilledAt: null },
    data: { status: "PENDING", failureMessage: null },
  });
  await tx.subscription.upsert({
    where: { orderId },
    create: { orderId, providerSubscriptionId: created.subscriptionId, quantity, status: "incomplete" },
    update: { providerSubscriptionId: created.subscriptionId, quantity, status: "incomplete" },
  });
}
