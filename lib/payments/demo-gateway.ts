import "server-only";
import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db";
import type { DemoPaymentIntent } from "@/lib/generated/prisma/client";
import { addOneMonth } from "@/lib/payments/billing-period";
import type {
  GatewayDb,
  CreatedPayment,
  CreatedSubscription,
  OneTimeInput,
  PaymentGateway,
  PaymentState,
  PaymentStatus,
  SubscriptionInput,
} from "@/lib/payments/gateway";

// The local default gateway (design.md §3): the same contract as Stripe, with intents and
// subscriptions stored in Postgres and confirmed by the demo card form (lib/payments/demo-cards.ts).

const token = (bytes: number) => randomBytes(bytes).toString("hex");

async function newIntent(
  db: GatewayDb,
  amount: number,
  currency: string,
  subscriptionId: string | null,
): Promise<CreatedPayment> {
  const id = `pi_demo_${token(12)}`;
  const clientSecret = `${id}_secret_${token(16)}`;
  await db.demoPaymentIntent.create({
    data: { id, clientSecret, amount, currency, status: "requires_payment_method", subscriptionId },
  });
  return { paymentIntentId: id, clientSecret };
}

async function newSubscription(input: SubscriptionInput, db: GatewayDb = getDb()): Promise<CreatedSubscription> {
  const subscriptionId = `sub_demo_${token(12)}`;
  const payment = await newIntent(db, input.unitAmount * input.quantity, input.currency, subscriptionId);
  await db.demoSubscription.create({
    data: {
      id: subscriptionId,
      quantity: input.quantity,
      unitAmount: input.unitAmount,
      status: "incomplete",
      latestPaymentIntentId: payment.paymentIntentId,
    },
  });
  return { ...payment, subscriptionId, customerId: null, priceId: null };
}

export const demoGateway: PaymentGateway = {
  name: "demo",
  createPayment: (input: OneTimeInput, db: GatewayDb = getDb()) => newIntent(db, input.amount, input.currency, null),
  createSubscription: newSubscription,

  async changeSubscriptionQuantity(subscriptionId, input, db: GatewayDb = getDb()) {
    const subscription = await db.demoSubscription.findUniqueOrThrow({ where: { id: subscriptionId } });
    // The unpaid first invoice is replaced, exactly what a new Stripe invoice would do.
    await db.demoPaymentIntent.updateMany({
      where: { id: subscription.latestPaymentIntentId, status: { not: "succeeded" } },
      data: { status: "canceled" },
    });
    const payment = await newIntent(db, input.unitAmount * input.quantity, input.currency, subscriptionId);
    await db.demoSubscription.update({
      where: { id: subscriptionId },
      data: { quantity: input.quantity, latestPaymentIntentId: payment.paymentIntentId },
    });
    return { ...payment, subscriptionId, customerId: null, priceId: null };
  },

  // Demo intents store no contact details: the order row is the only place the e-mail lives.
  async updateContact() {},

  async clientSecretFor(paymentIntentId, db: GatewayDb = getDb()) {
    const intent = await db.demoPaymentIntent.findUnique({ where: { id: paymentIntentId } });
    return intent?.clientSecret ?? null;
  },

  async retrievePayment(paymentIntentId) {
    const intent = await getDb().demoPaymentIntent.findUnique({ where: { id: paymentIntentId } });
    return intent ? paymentState(intent) : unknownState(paymentIntentId);
  },

  async retrieveSubscription(subscriptionId) {
    const db = getDb();
    const subscription = await db.demoSubscription.findUnique({ where: { id: subscriptionId } });
    if (!subscription) return unknownState(null);
    const intent = await db.demoPaymentIntent.findUnique({ where: { id: subscription.latestPaymentIntentId } });
    return {
      ...(intent ? paymentState(intent) : unknownState(subscription.latestPaymentIntentId)),
      subscriptionStatus: subscription.status,
      quantity: subscription.quantity,
      // The demo bills monthly from the payment that activated the subscription.
      ...(intent?.status === "succeeded" ? { currentPeriodEnd: addOneMonth(intent.updatedAt) } : {}),
    };
  },
};

function paymentState(intent: DemoPaymentIntent): PaymentState {
  return {
    paymentIntentId: intent.id,
    status: intent.status as PaymentStatus,
    amountPaid: intent.status === "succeeded" ? intent.amount : 0,
    currency: intent.currency,
    refunded: false,
    failed: intent.status === "requires_payment_method" && intent.lastErrorCode !== null,
  };
}

function unknownState(paymentIntentId: string | null): PaymentState {
  return { paymentIntentId, status: "unknown", amountPaid: 0, currency: "usd", refunded: false, failed: false };
}
