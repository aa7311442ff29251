import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { nextPeer, peerHeader } from "@/tests/support/http";
import { getDb } from "@/lib/platform/server/db";
import type { StripeDouble } from "../../doubles/stripe-api";
import { enterStripeMode, type StripeMode } from "../../doubles/stripe-mode";

// Builds requests the way a browser on this site would send them, with its own cookie jar.

export class Browser {
  cookie = "";

  request(path: string, body: unknown): Request {
    return new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        // A fresh address per call keeps the rate limits out of the way of these tests.
        ...peerHeader(nextPeer()),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  async call<T = Record<string, unknown>>(
    handler: (request: Request) => Promise<Response>,
    path: string,
    body: unknown,
  ): Promise<{ status: number; body: T }> {
    const response = await handler(this.request(path, body));
    const setCookie = response.headers.get("set-cookie");
    if (setCookie && !this.cookie) this.cookie = setCookie.split(";")[0]!;
    return { status: response.status, body: (await response.json()) as T };
  }
}

/** The intent the create route answers `browser` for the checkout `input`, which must be a 200. */
export async function createdIntent<T>(
  browser: Browser,
  createIntent: (request: Request) => Promise<Response>,
  input: unknown,
): Promise<T> {
  const created = await browser.call<T>(createIntent, "/api/create-payment-intent", input);
  expect(created.status).toBe(200);
  return created.body;
}

export function buyer(productId: string, quantity = 1) {
  const contactId = randomUUID();
  return { contactId, email: `buyer-${contactId}@example.com`, name: "Ada Lovelace", productId, quantity };
}

/** What the database keeps of a seat order: its status, its subscription and what fulfilment issued. */
export async function subscriptionRecord(orderId: string) {
  const db = getDb();
  const order = await db.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { subscription: true, account: true },
  });
  return {
    status: order.status,
    fulfilledAt: order.fulfilledAt,
    failureMessage: order.failureMessage,
    providerPaymentId: order.providerPaymentId,
    totalAmount: order.totalAmount,
    subscription: order.subscription && {
      providerSubscriptionId: order.subscription.providerSubscriptionId,
      status: order.subscription.status,
      quantity: order.subscription.quantity,
      currentPeriodEnd: order.subscription.currentPeriodEnd,
      cancelAtPeriodEnd: order.subscription.cancelAtPeriodEnd,
    },
    account: order.account && { issuedAt: order.account.issuedAt, passwordHash: order.account.passwordHash },
    tokens: await db.handoffToken.count({ where: { orderId } }),
    emails: await db.outgoingEmail.count({ where: { orderId } }),
    refunds: await db.refund.count({ where: { orderId } }),
  };
}

type Handler = (request: Request) => Promise<Response>;
export type PaymentRoutes = Record<
  "createIntent" | "updateSubscription" | "paymentSuccess" | "paymentSuccessMetadata" | "paymentStatus" | "webhook",
  Handler
>;

/** The checkout's POST handlers, imported only now: after the test has put the gateway's settings in place. */
export async function paymentRoutes(): Promise<PaymentRoutes> {
  return {
    createIntent: (await import("@/app/api/create-payment-intent/route")).POST,
    updateSubscription: (await import("@/app/api/update-subscription/route")).POST,
    paymentSuccess: (await import("@/app/api/payment-success/route")).POST,
    paymentSuccessMetadata: (await import("@/app/api/payment-success-metadata/route")).POST,
    paymentStatus: (await import("@/app/api/payment-status/route")).POST,
    webhook: (await import("@/app/api/stripe/webhook/route")).POST,
  };
}

/** Stripe mode (the API double) with the checkout's routes imported in it; leave it after the file's tests. */
export async function enterStripeCheckout(
  webhookSecret: string,
): Promise<{ stripeMode: StripeMode; double: StripeDouble; routes: PaymentRoutes }> {
  const stripeMode = await enterStripeMode(webhookSecret);
  return { stripeMode, double: stripeMode.double, routes: await paymentRoutes() };
}

/** Confirms an intent at the Stripe double as Stripe.js does: the publishable key, the client secret as the credential. */
export async function confirmAsStripeJs(
  double: StripeDouble,
  intent: { paymentIntentId: string; clientSecret: string },
  paymentMethod = "pm_card_visa",
): Promise<void> {
  const confirmed = await fetch(`${double.url}/v1/payment_intents/${intent.paymentIntentId}/confirm`, {
    method: "POST",
    headers: { authorization: "Bearer pk_test_double", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_secret: intent.clientSecret, payment_method: paymentMethod }).toString(),
  });
  expect(confirmed.status).toBe(200);
}

export type DemoIntent = { clientSecret: string; paymentIntentId: string; transactionId: string };
export type SuccessClaim = {
  email: string;
  name: string;
  paymentIntentId: string;
  transactionId: string;
  contactId: string;
};
export const DEMO_CARD = { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" };

/** A checkout paid by card on the demo gateway, and the claim its success page would send. */
export async function paidDemoPurchase(
  browser: Browser,
  input: ReturnType<typeof buyer> & { payment?: "full" | "plan" },
): Promise<{ intent: DemoIntent; claim: SuccessClaim }> {
  const { POST: createIntent } = await import("@/app/api/create-payment-intent/route");
  const { POST: confirmDemo } = await import("@/app/api/demo-payments/confirm/route");
  const intent = await createdIntent<DemoIntent>(browser, createIntent, input);
  await browser.call(confirmDemo, "/api/demo-payments/confirm", { clientSecret: intent.clientSecret, card: DEMO_CARD });
  const { email, name, contactId } = input;
  const { paymentIntentId, transactionId } = intent;
  return { intent, claim: { email, name, paymentIntentId, transactionId, contactId } };
}
