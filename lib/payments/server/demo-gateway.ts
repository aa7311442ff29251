import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import type { DemoPaymentIntent, Prisma } from "@/lib/generated/prisma/client";
import { addOneMonth } from "@/lib/payments/shared/billing-period";
import { invoiceAmount } from "@/lib/payments/shared/coupon-rules";
import {
  AlreadyPaidError,
  GatewayError,
  type CreatedPayment,
  type CreatedSubscription,
  type PaymentGateway,
  type PaymentState,
  type PaymentStatus,
  type SubscriptionInput,
} from "@/lib/payments/server/gateway";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { demoRefund, demoRefundedAmount, demoRefunds } from "@/lib/payments/server/demo-refunds";
import { demoChargeSavedCard, demoSavedCard } from "@/lib/payments/server/demo-saved-cards";
import { demoPreviewSeats, demoSetSeatsNow } from "@/lib/payments/server/demo-prorated-seats";

// The local default gateway (docs/decisions/0007): Stripe's contract, stored in Postgres. It is the
// provider, so it keeps its own short transactions; callers never lend it theirs.

type Tx = Prisma.TransactionClient;

const token = (bytes: number) => randomBytes(bytes).toString("hex");

const CANCELABLE = ["requires_payment_method", "requires_confirmation", "requires_action", "requires_capture"];

function created(intent: DemoPaymentIntent): CreatedSubscription {
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    subscriptionId: intent.subscriptionId ?? "",
    customerId: null,
    priceId: null,
  };
}

/** ON CONFLICT DO NOTHING waits for a concurrent insert of the same key to commit. */
async function keyedIntent(
  db: Tx,
  key: string,
  fields: {
    amount: number;
    currency: string;
    subscriptionId: string | null;
    metadata: Record<string, string>;
    customerId?: string;
    setupFutureUsage?: string;
  },
): Promise<{ intent: DemoPaymentIntent; inserted: boolean }> {
  const id = `pi_demo_${token(12)}`;
  const clientSecret = `${id}_secret_${token(16)}`;
  await db.demoPaymentIntent.createMany({
    data: [{ id, clientSecret, ...fields, status: "requires_payment_method", idempotencyKey: key }],
    skipDuplicates: true,
  });
  const intent = await db.demoPaymentIntent.findUniqueOrThrow({ where: { idempotencyKey: key } });
  return { intent, inserted: intent.id === id };
}

/** As Stripe with a Customer and setup_future_usage: a succeeded confirmation saves the card to it. */
async function keyedSavingIntent(
  db: Tx,
  key: string,
  fields: Parameters<typeof keyedIntent>[2],
  buyer: { email: string; name?: string },
): Promise<DemoPaymentIntent> {
  const customerId = `cus_demo_${token(12)}`;
  const { intent, inserted } = await keyedIntent(db, key, {
    ...fields,
    customerId,
    setupFutureUsage: "off_session",
  });
  if (inserted)
    await db.demoCustomer.create({ data: { id: customerId, email: buyer.email, name: buyer.name ?? null } });
  return intent;
}

async function newSubscription(db: Tx, input: SubscriptionInput): Promise<CreatedSubscription> {
  const subscriptionId = `sub_demo_${token(12)}`;
  const coupon = input.coupon ?? null;
  // The first payment saves the card the renewals are charged to, as Stripe's
  // save_default_payment_method does.
  const customerId = `cus_demo_${token(12)}`;
  const { intent, inserted } = await keyedIntent(db, input.idempotencyKey, {
    // The first invoice: the coupon applies as a Stripe coupon would.
    amount: invoiceAmount(coupon, coupon?.months ?? 0, input.unitAmount * input.quantity, 1),
    currency: input.currency,
    subscriptionId,
    metadata: { ...input.metadata, transactionId: input.orderId },
    customerId,
    setupFutureUsage: "off_session",
  });
  if (inserted) {
    await db.demoCustomer.create({ data: { id: customerId, email: input.email, name: input.name } });
    await db.demoSubscription.create({
      data: {
        id: subscriptionId,
        quantity: input.quantity,
        unitAmount: input.unitAmount,
        status: "incomplete",
        latestPaymentIntentId: intent.id,
        discountPercent: coupon?.percentOff ?? null,
        discountAmountOff: coupon?.amountOff ?? null,
        discountMonths: coupon?.months ?? 0,
        maxInvoices: input.plan?.instalments ?? null,
        metadata: { ...input.metadata, transactionId: input.orderId },
      },
    });
  }
  return created(intent);
}

/** The row lock, as demo-confirm's, means a payment and a cancellation cannot both win. */
async function cancelFirstIntent(db: Tx, intentId: string): Promise<"canceled" | "already_canceled"> {
  const { count } = await db.demoPaymentIntent.updateMany({
    where: { id: intentId, status: { in: CANCELABLE } },
    data: { status: "canceled" },
  });
  if (count === 1) return "canceled";
  const current = await db.demoPaymentIntent.findUnique({ where: { id: intentId } });
  if (!current) throw new GatewayError("No such payment intent");
  if (current.status === "canceled") return "already_canceled";
  throw new AlreadyPaidError();
}

export const demoGateway: PaymentGateway = {
  name: "demo",

  async createPayment(input) {
    const fields = {
      amount: input.amount,
      currency: input.currency,
      subscriptionId: null,
      metadata: { ...input.metadata, transactionId: input.orderId },
    };
    const intent = input.saveCard
      ? await getDb().$transaction((tx) => keyedSavingIntent(tx, input.idempotencyKey, fields, input), SHORT_TX)
      : (await keyedIntent(getDb(), input.idempotencyKey, fields)).intent;
    return { paymentIntentId: intent.id, clientSecret: intent.clientSecret } satisfies CreatedPayment;
  },

  createSubscription: (input) => getDb().$transaction((tx) => newSubscription(tx, input), SHORT_TX),

  changeSubscriptionQuantity: (subscriptionId, input) =>
    getDb().$transaction(async (tx) => {
      const replay = await tx.demoPaymentIntent.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
      if (replay) return created(replay);
      const subscription = await tx.demoSubscription.findUnique({ where: { id: subscriptionId } });
      if (!subscription) throw new GatewayError("No such subscription");
      if ((await cancelFirstIntent(tx, subscription.latestPaymentIntentId)) === "already_canceled") {
        // A concurrent change got there first, possibly with this very key (a double click).
        const winner = await tx.demoPaymentIntent.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
        if (winner) return created(winner);
      }
      return newSubscription(tx, input);
    }, SHORT_TX),

  async discard(ref) {
    const db = getDb();
    await db.demoPaymentIntent.updateMany({
      where: { id: ref.paymentIntentId, status: { in: CANCELABLE } },
      data: { status: "canceled" },
    });
    const intent = await db.demoPaymentIntent.findUnique({ where: { id: ref.paymentIntentId } });
    if (intent?.status === "canceled" && ref.subscriptionId) {
      await db.demoSubscription.updateMany({ where: { id: ref.subscriptionId }, data: { status: "canceled" } });
    }
  },

  // Demo intents store no contact details.
  async updateContact() {},

  async clientSecretFor(paymentIntentId) {
    const intent = await getDb().demoPaymentIntent.findUnique({ where: { id: paymentIntentId } });
    return intent?.clientSecret ?? null;
  },

  async retrievePayment(paymentIntentId) {
    const intent = await getDb().demoPaymentIntent.findUnique({ where: { id: paymentIntentId } });
    return intent ? paymentState(intent, await demoRefundedAmount(intent.id)) : unknownState(paymentIntentId);
  },

  async retrieveSubscription(subscriptionId) {
    const db = getDb();
    const subscription = await db.demoSubscription.findUnique({ where: { id: subscriptionId } });
    if (!subscription) return unknownState(null);
    const intent = await db.demoPaymentIntent.findUnique({ where: { id: subscription.latestPaymentIntentId } });
    return {
      ...(intent
        ? paymentState(intent, await demoRefundedAmount(intent.id))
        : unknownState(subscription.latestPaymentIntentId)),
      subscriptionStatus: subscription.status,
      quantity: subscription.quantity,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      ...(subscription.currentPeriodEnd
        ? { currentPeriodEnd: subscription.currentPeriodEnd }
        : intent?.status === "succeeded"
          ? { currentPeriodEnd: addOneMonth(intent.updatedAt) }
          : {}),
    };
  },

  refund: demoRefund,
  listRefunds: demoRefunds,

  async cancelAtPeriodEnd(subscriptionId) {
    const { count } = await getDb().demoSubscription.updateMany({
      where: { id: subscriptionId, status: { in: ["active", "past_due"] } },
      data: { cancelAtPeriodEnd: true },
    });
    if (count === 0) throw new GatewayError("Only a running subscription can be cancelled at period end");
    return this.retrieveSubscription(subscriptionId);
  },

  async cancelNow(subscriptionId) {
    await getDb().demoSubscription.updateMany({
      where: { id: subscriptionId, status: { not: "canceled" } },
      data: { status: "canceled" },
    });
    return this.retrieveSubscription(subscriptionId);
  },

  // The card the first payment saved pays the renewals, unless the buyer replaced it (renew-demo-subscriptions.ts).
  async renewalTerms(subscriptionId) {
    const db = getDb();
    const subscription = await db.demoSubscription.findUnique({ where: { id: subscriptionId } });
    const intent = subscription
      ? await db.demoPaymentIntent.findUnique({ where: { id: subscription.latestPaymentIntentId } })
      : null;
    const methodId = subscription?.defaultPaymentMethodId ?? intent?.paymentMethodId;
    const method = methodId ? await db.demoPaymentMethod.findUnique({ where: { id: methodId } }) : null;
    return { card: method ? { brand: null, last4: method.last4 } : null, credit: subscription?.creditBalance ?? 0 };
  },

  async resumeSubscription(subscriptionId) {
    const { count } = await getDb().demoSubscription.updateMany({
      where: { id: subscriptionId, status: { in: ["active", "past_due"] } },
      data: { cancelAtPeriodEnd: false },
    });
    if (count === 0) throw new GatewayError("An ended subscription cannot be resumed");
    return this.retrieveSubscription(subscriptionId);
  },

  // Setting a count is idempotent by itself; the demo gateway has no prorations to make.
  async setSeats(input) {
    const { count } = await getDb().demoSubscription.updateMany({
      where: { id: input.subscriptionId, status: "active" },
      data: { quantity: input.quantity },
    });
    if (count === 0) throw new GatewayError("Only an active subscription's seats can be changed");
    return this.retrieveSubscription(input.subscriptionId);
  },

  previewSeats: demoPreviewSeats,
  setSeatsNow: demoSetSeatsNow,
  savedCard: demoSavedCard,
  chargeSavedCard: demoChargeSavedCard,
};

function paymentState(intent: DemoPaymentIntent, amountRefunded: number): PaymentState {
  return {
    paymentIntentId: intent.id,
    status: intent.status as PaymentStatus,
    amountPaid: intent.status === "succeeded" ? intent.amount : 0,
    currency: intent.currency,
    refunded: intent.status === "succeeded" && amountRefunded >= intent.amount,
    amountRefunded,
    failed: intent.status === "requires_payment_method" && intent.lastErrorCode !== null,
  };
}

export function unknownState(paymentIntentId: string | null): PaymentState {
  return {
    paymentIntentId,
    status: "unknown",
    amountPaid: 0,
    currency: "usd",
    refunded: false,
    amountRefunded: 0,
    failed: false,
  };
}
