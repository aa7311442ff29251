import "server-only";
import { randomBytes } from "node:crypto";
import type { DemoSubscription, Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import {
  GatewayError,
  SeatChargeDeclinedError,
  type ProratedSeatsInput,
  type SeatChangeInvoice,
  type SeatsPreview,
} from "@/lib/payments/server/gateway";
import { SHORT_TX } from "@/lib/payments/server/short-tx";
import { prorateSeats } from "@/lib/payments/shared/seat-proration";

// The demo gateway's seat change invoiced at once, as Stripe's always_invoice: the card a renewal
// would charge pays the prorated difference now; a net credit waits on the subscription for the
// next renewal (renew-demo-subscriptions.ts takes it off).

const token = (bytes: number) => randomBytes(bytes).toString("hex");

type Tx = Prisma.TransactionClient;

function periodOf(subscription: DemoSubscription) {
  const { currentPeriodStart: start, currentPeriodEnd: end } = subscription;
  if (subscription.status !== "active" || !start || !end) {
    throw new GatewayError("Only an active subscription's seats can be changed");
  }
  return { start, end };
}

function prorationOf(subscription: DemoSubscription, input: ProratedSeatsInput) {
  const period = periodOf(subscription);
  const proration = prorateSeats({
    unitAmount: subscription.unitAmount,
    fromSeats: subscription.quantity,
    toSeats: input.quantity,
    periodStart: period.start,
    periodEnd: period.end,
    at: input.prorationDate,
  });
  // The credit already waiting is taken off the next renewal too.
  const credit = subscription.creditBalance + Math.max(0, -proration.net);
  const nextRenewal = Math.max(0, subscription.unitAmount * input.quantity - credit);
  return { period, net: proration.net, nextRenewal };
}

async function currencyOf(tx: Tx, subscription: DemoSubscription): Promise<string> {
  const intent = await tx.demoPaymentIntent.findUnique({ where: { id: subscription.latestPaymentIntentId } });
  return intent?.currency ?? "usd";
}

export async function demoPreviewSeats(input: ProratedSeatsInput): Promise<SeatsPreview> {
  const db = getDb();
  const subscription = await db.demoSubscription.findUnique({ where: { id: input.subscriptionId } });
  if (!subscription) throw new GatewayError("No such subscription");
  const { net, nextRenewal } = prorationOf(subscription, input);
  return { net, nextRenewal, currency: await currencyOf(db, subscription) };
}

function invoiceOf(
  intent: { id: string; amount: number; currency: string; updatedAt: Date },
  quantity: number,
  period: { end: Date },
  from: Date,
): SeatChangeInvoice {
  return {
    providerInvoiceId: intent.id,
    periodStart: from,
    periodEnd: period.end,
    quantity,
    amount: intent.amount,
    currency: intent.currency,
    paidAt: intent.updatedAt,
  };
}

export async function demoSetSeatsNow(
  input: ProratedSeatsInput & { idempotencyKey: string },
): Promise<SeatChangeInvoice | null> {
  const key = `seats:${input.idempotencyKey}`;
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM demo_subscriptions WHERE id = ${input.subscriptionId} FOR UPDATE`;
    const subscription = await tx.demoSubscription.findUnique({ where: { id: input.subscriptionId } });
    if (!subscription) throw new GatewayError("No such subscription");
    const done = await tx.demoPaymentIntent.findUnique({ where: { idempotencyKey: key } });
    // The same key again: the change is made; answer what it charged.
    if (subscription.quantity === input.quantity) {
      const end = subscription.currentPeriodEnd;
      return done && end ? invoiceOf(done, input.quantity, { end }, input.prorationDate) : null;
    }
    const { period, net } = prorationOf(subscription, input);
    let invoice: SeatChangeInvoice | null = null;
    if (net > 0) {
      const first = await tx.demoPaymentIntent.findUnique({ where: { id: subscription.latestPaymentIntentId } });
      const methodId = subscription.defaultPaymentMethodId ?? first?.paymentMethodId;
      const method = methodId ? await tx.demoPaymentMethod.findUnique({ where: { id: methodId } }) : null;
      // The renewal's rule: only a card that pays off-session pays without the buyer.
      if (!method || method.offSession !== "succeeded") throw new SeatChargeDeclinedError();
      const id = `pi_demo_${token(12)}`;
      const intent = await tx.demoPaymentIntent.create({
        data: {
          id,
          clientSecret: `${id}_secret_${token(16)}`,
          amount: net,
          currency: first?.currency ?? "usd",
          status: "succeeded",
          subscriptionId: subscription.id,
          idempotencyKey: key,
          metadata: { ...(subscription.metadata as object), billingReason: "subscription_update" },
          customerId: method.customerId,
          paymentMethodId: method.id,
        },
      });
      invoice = invoiceOf(intent, input.quantity, period, input.prorationDate);
    }
    await tx.demoSubscription.update({
      where: { id: subscription.id },
      data: { quantity: input.quantity, creditBalance: { increment: Math.max(0, -net) } },
    });
    return invoice;
  }, SHORT_TX);
}
