import "server-only";
import { createHash } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import { splitName } from "@/lib/leads/shared/name";
import { bindFunnelSession } from "@/lib/leads/server/session-store";
import { ApiError, badRequest } from "@/lib/platform/shared/api-error";
import { assertQuantity, findProduct, priceOrder, type Product } from "@/lib/payments/server/catalog";
import { chooseBumps, type OfferedBump } from "@/lib/payments/server/choose-bumps";
import {
  findOrCreateOrder,
  recordFirstPayment,
  reloadOrder,
  type OrderWithSubscription,
} from "@/lib/payments/server/checkout-order";
import {
  viaGateway,
  type CreatedPayment,
  type CreatedSubscription,
  type PaymentGateway,
} from "@/lib/payments/server/gateway";
import { type CreatePaymentIntentInput, type PaymentIntentResponse } from "@/lib/payments/shared/schemas";
import { followContact } from "@/lib/payments/server/follow-contact";
import { changeSeats, currentSeats, secretVia } from "@/lib/payments/server/seat-change";
import { stampOrderVariants } from "@/lib/experiments/server/stamp-variants";
import { getGateway } from "@/lib/payments/server/select-gateway";
import { hasOfferAfter } from "@/lib/payments/server/read-offer-chain";
import { attributionMetadata, orderAttribution } from "@/lib/payments/shared/attribution";
import { priceCoupon } from "@/lib/payments/server/price-coupon";
import { holdCoupon } from "@/lib/payments/server/hold-coupon";
import { subscriptionCouponOf } from "@/lib/payments/server/order-coupon";
import { priceForBrowser } from "@/lib/payments/server/experiment-price";
import { choosePlan, planOrder } from "@/lib/payments/server/choose-plan";
import type { PaymentPlan } from "@/lib/payments/shared/payment-plan";

// One order per contact, product and choice: retries and parallel calls share the order and the
// intent, and no transaction is open while the provider answers.

const FAILURE = "Failed to create payment intent";

function orderKey(
  input: CreatePaymentIntentInput,
  subscription: boolean,
  bumps: readonly OfferedBump[],
  testedPrice: number | null,
  plan: PaymentPlan | null,
): string {
  // Seats change after the subscription exists, so the count is not part of the key. Another set
  // of bumps is another order, as another quantity is.
  const parts = [
    input.contactId,
    input.productId,
    bumps.length > 0 ? `bumps:${bumps.map((b) => b.bump.id).join(",")}` : "",
    subscription ? "" : input.quantity,
    // Only with a code, so orders made without one keep their keys.
    ...(input.couponCode ? [`coupon:${input.couponCode}`] : []),
    // Only under a price test: a preview or a rollout at another price is another order.
    ...(testedPrice !== null ? [`price:${testedPrice}`] : []),
    // Only for a payment plan: paying in full and by instalments are two orders.
    ...(plan ? [`plan:${plan.instalments}x${plan.amount}`] : []),
  ];
  return createHash("sha256").update(parts.join("|")).digest("hex");
}

async function firstPayment(
  gateway: PaymentGateway,
  order: OrderWithSubscription,
  product: Product,
  saveCard: boolean,
  plan: PaymentPlan | null,
): Promise<{ order: OrderWithSubscription; created: CreatedPayment }> {
  const idempotencyKey = `order:${order.id}`;
  const coupon = order.isSubscription ? await subscriptionCouponOf(order) : undefined;
  // The order's own count, so every parallel caller sends the same parameters under the same key.
  const created: CreatedPayment & Partial<CreatedSubscription> = order.isSubscription
    ? await viaGateway(
        () =>
          gateway.createSubscription({
            orderId: order.id,
            productId: product.id,
            productName: product.name,
            // The order's own price: one created before a price change keeps it.
            unitAmount: order.unitPrice,
            currency: product.currency,
            quantity: order.quantity,
            email: order.email,
            name: order.name,
            idempotencyKey,
            metadata: attributionMetadata(order),
            coupon,
            ...(plan ? { plan: { instalments: plan.instalments, from: order.createdAt } } : {}),
          }),
        FAILURE,
      )
    : await viaGateway(
        () =>
          gateway.createPayment({
            orderId: order.id,
            amount: order.totalAmount,
            currency: order.currency,
            description: order.productName,
            email: order.email,
            idempotencyKey,
            metadata: attributionMetadata(order),
            // The buyer is told before paying that an accepted offer is charged to this card.
            ...(saveCard ? { saveCard: true, name: order.name } : {}),
          }),
        FAILURE,
      );
  const subscription = created.subscriptionId
    ? { subscriptionId: created.subscriptionId, quantity: order.quantity, plan }
    : undefined;
  const recorded = await recordFirstPayment(order.id, created, subscription);
  return { order: recorded ? await reloadOrder(order.id) : await adoptWinner(gateway, order.id, created), created };
}

/** A concurrent call recorded its intent first: ours must not stay payable. */
async function adoptWinner(
  gateway: PaymentGateway,
  orderId: string,
  ours: CreatedPayment & { subscriptionId?: string },
): Promise<OrderWithSubscription> {
  const order = await reloadOrder(orderId);
  if (order.providerPaymentId !== ours.paymentIntentId) {
    await gateway.discard({ paymentIntentId: ours.paymentIntentId, subscriptionId: ours.subscriptionId });
  }
  return order;
}

export async function createPaymentIntent(
  input: CreatePaymentIntentInput,
  context: { browserId: string; userAgent?: string | null },
): Promise<PaymentIntentResponse> {
  const listed = await findProduct(input.productId);
  if (!listed) throw badRequest("productId is not a product on sale", "unknown_product");
  assertQuantity(listed, input.quantity);
  // The browser's own split-test variants, as the checkout page showed them (docs/decisions/0034).
  const visitor = { browserId: context.browserId, userAgent: context.userAgent, preview: input.experimentPreview };
  const { product, variant: priceVariant } = await priceForBrowser(listed, visitor);
  const plan = choosePlan(product, input);
  const isSubscription = product.interval === "month" || plan !== null;
  const bumps = await chooseBumps(product, input, visitor);
  const priced = plan
    ? planOrder(product, plan)
    : priceOrder(
        product,
        input.quantity,
        bumps.map((b) => b.product),
      );
  // Kept for the order's first bump: the outgoing webhook's upsellProductId and older readers.
  const first = bumps[0]?.product;
  const coupon = await priceCoupon(input.couponCode, priced);
  const gateway = getGateway();
  const session = await bindFunnelSession({ sessionId: input.contactId, browserId: context.browserId });
  const buyer = { email: input.email.toLowerCase(), name: splitName(input.name).name };
  const prospect = await getDb().prospect.findUnique({ where: { email: buyer.email } });

  const found = await findOrCreateOrder(
    orderKey(input, isSubscription, bumps, priceVariant ? product.unitAmount : null, plan),
    {
      contactId: input.contactId,
      prospectId: prospect?.id ?? null,
      browserId: context.browserId,
      ...buyer,
      productId: product.id,
      productName: [product.name, ...bumps.map((b) => b.product.name)].join(" + "),
      upsellProductId: first?.id ?? null,
      isSubscription,
      quantity: priced.quantity,
      unitPrice: priced.unitAmount,
      totalAmount: coupon?.totalAmount ?? priced.totalAmount,
      couponId: coupon?.coupon.id ?? null,
      listAmount: coupon?.listAmount ?? null,
      discountAmount: coupon?.discountAmount ?? 0,
      // A reused unpaid order keeps the prices it was created with, as its amounts do.
      priceId: product.priceId,
      upsellPriceId: first?.priceId ?? null,
      currency: product.currency,
      gateway: gateway.name,
      // A reused unpaid order keeps the touches it began with.
      ...orderAttribution(prospect, session),
    },
    bumps.map(({ bump, product: item }) => ({
      bumpId: bump.id,
      bumpVersionId: bump.versionId,
      productCode: item.id,
      productName: item.name,
      priceId: item.priceId,
      amount: item.unitAmount,
      position: bump.position,
    })),
  );
  if (found.browserId !== context.browserId) throw new ApiError("not_found");
  if (found.couponId) {
    const hold = { couponId: found.couponId, orderId: found.id, email: buyer.email };
    await holdCoupon({ ...hold, discountAmount: found.discountAmount });
  }
  // docs/product.md#split-tests; a reused order keeps its own first.
  await stampOrderVariants(getDb(), found.id, context.browserId);
  let order = await followContact(gateway, found, buyer, FAILURE);
  let known: CreatedPayment | null = null;
  const offerFollows =
    !isSubscription &&
    (await hasOfferAfter(
      product.id,
      bumps.map((b) => b.product.id),
      context.browserId,
    ));
  if (!order.providerPaymentId) {
    ({ order, created: known } = await firstPayment(gateway, order, product, offerFollows, plan));
  }
  const secretOf = async (paymentId: string) =>
    known?.paymentIntentId === paymentId ? known.clientSecret : await secretVia(gateway, FAILURE)(paymentId);

  const respond = (payment: CreatedPayment, amount: number, subscriptionId?: string): PaymentIntentResponse => ({
    clientSecret: payment.clientSecret,
    paymentIntentId: payment.paymentIntentId,
    ...(subscriptionId ? { subscriptionId } : {}),
    contactId: input.contactId,
    transactionId: order.id,
    amount,
    ...(order.couponId ? { discountAmount: order.discountAmount, couponCode: input.couponCode } : {}),
    ...(offerFollows ? { offerFollows } : {}),
  });
  if (order.subscription) {
    // An order paid since it was read answers 409 already_paid rather than the old count.
    const seats =
      order.quantity !== priced.quantity
        ? await changeSeats(gateway, order, product, priced.quantity, FAILURE)
        : await currentSeats(order, secretOf, FAILURE);
    return respond(seats, seats.totalAmount, seats.subscriptionId);
  }
  const paymentId = order.providerPaymentId;
  const clientSecret = paymentId ? await secretOf(paymentId) : null;
  if (!paymentId || !clientSecret) throw new ApiError("gateway_error", FAILURE);
  return respond({ paymentIntentId: paymentId, clientSecret }, order.totalAmount);
}
