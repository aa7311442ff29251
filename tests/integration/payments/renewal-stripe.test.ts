import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import type { DoubleEvent, StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer, createdIntent, enterStripeCheckout, subscriptionRecord, type PaymentRoutes } from "./helpers";

// The seat subscription's second month in Stripe mode: Stripe bills the period's invoice off-session
// and tells the app by webhook. The first period's order and account stay as they were.

const WEBHOOK_SECRET = "whsec_renewal_test_secret_0123456789";
let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes;

type Intent = { paymentIntentId: string; subscriptionId: string; transactionId: string; amount: number };
type Success = { success: boolean; message: string; loginDetails: { password?: string; seatsCount: number } };
type Item = { current_period_start: number; current_period_end: number };

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout(WEBHOOK_SECRET));
});

afterAll(() => stripeMode.leave());

async function deliverAll(events: DoubleEvent[]): Promise<void> {
  for (const event of events) expect(await stripeMode.deliver(event)).toBe(200);
}

const itemOf = (subscriptionId: string) => (double.get(subscriptionId)!.items as { data: Item[] }).data[0]!;
const invoiceOf = (subscriptionId: string) => double.get(double.get(subscriptionId)!.latest_invoice as string)!;
const intentOfInvoice = (invoice: Record<string, unknown>) => {
  const secret = (invoice.confirmation_secret as { client_secret: string }).client_secret;
  return double.get(secret.slice(0, secret.indexOf("_secret_")))!;
};

/** Three seats bought and paid; the first period's invoice.paid is held back to arrive late. */
async function paidSeats() {
  const browser = new Browser();
  const intent = await createdIntent<Intent>(browser, routes.createIntent, buyer("team-training-seat", 3));
  const events = double.succeed(intent.paymentIntentId);
  const late = events.find((e) => e.type === "invoice.paid")!;
  await deliverAll(events.filter((e) => e !== late));
  const success = await browser.call<Success>(routes.paymentSuccess, "/api/payment-success", {
    subscriptionId: intent.subscriptionId,
    transactionId: intent.transactionId,
  });
  expect(success.status).toBe(200);
  expect(success.body.loginDetails.password).toBeTruthy();
  const first = await subscriptionRecord(intent.transactionId);
  expect(first).toMatchObject({
    status: "SUCCEEDED",
    providerPaymentId: intent.paymentIntentId,
    subscription: { status: "active", quantity: 3 },
    emails: 1,
    tokens: 1,
  });
  expect(first.subscription?.currentPeriodEnd?.getTime()).toBe(itemOf(intent.subscriptionId).current_period_end * 1000);
  return { browser, intent, late, first };
}

/** A month on, the first hand-off token is long expired. */
async function aMonthLater(orderId: string): Promise<void> {
  await getDb().handoffToken.updateMany({ where: { orderId }, data: { expiresAt: new Date(Date.now() - 1000) } });
}

/** The first period's record with its subscription moved on to the item's period, in `status`. */
function movedOn(first: Awaited<ReturnType<typeof subscriptionRecord>>, status: string, item: Item) {
  const subscription = { ...first.subscription, status, currentPeriodEnd: new Date(item.current_period_end * 1000) };
  return { ...first, subscription };
}

/** Paid seats a month on (the first token expired), when Stripe bills the second period: its events. */
async function renewedSeats(outcome: "paid" | "failed") {
  const seats = await paidSeats();
  const firstEnd = itemOf(seats.intent.subscriptionId).current_period_end;
  await aMonthLater(seats.intent.transactionId);
  return { ...seats, firstEnd, events: double.renew(seats.intent.subscriptionId, outcome) };
}

/** The buyer opens the success page again: the credentials stay issued and no password is shown. */
async function revisit(browser: Browser, intent: Intent) {
  const again = await browser.call<Success>(routes.paymentSuccess, "/api/payment-success", {
    subscriptionId: intent.subscriptionId,
    transactionId: intent.transactionId,
  });
  expect(again.status).toBe(200);
  expect(again.body.loginDetails.password).toBeUndefined();
  expect(again.body.loginDetails.seatsCount).toBe(3);
}

describe("Stripe: the seat subscription's second period", () => {
  it("records a paid renewal: the period moves on, nothing is issued again, replays change nothing", async () => {
    const { browser, intent, late, first, firstEnd, events } = await renewedSeats("paid");
    // As Stripe bills a cycle: the period moves on, then its invoice is drafted, finalized and paid.
    const item = itemOf(intent.subscriptionId);
    expect(item.current_period_start).toBe(firstEnd);
    expect(item.current_period_end).toBeGreaterThan(firstEnd + 27 * 24 * 3600);
    const invoice = invoiceOf(intent.subscriptionId);
    expect(invoice).toMatchObject({
      billing_reason: "subscription_cycle",
      status: "paid",
      amount_paid: 150_000,
      period_end: firstEnd,
      lines: { data: [{ period: { start: firstEnd, end: item.current_period_end }, quantity: 3 }] },
    });
    const renewalIntent = intentOfInvoice(invoice);
    expect(renewalIntent).toMatchObject({ status: "succeeded", amount_received: 150_000 });
    expect(renewalIntent.id).not.toBe(intent.paymentIntentId);
    expect(events.map((e) => e.type)).toEqual([
      "invoice.created",
      "customer.subscription.updated",
      "invoice.finalized",
      "charge.succeeded",
      "payment_intent.succeeded",
      "invoice.paid",
      "customer.subscription.updated",
      "invoice.payment_succeeded",
    ]);

    // Out of order: the cycle's events backwards, then the first period's late invoice.paid.
    await deliverAll([...events].reverse());
    await deliverAll([late]);
    const renewed = await subscriptionRecord(intent.transactionId);
    expect(renewed).toEqual(movedOn(first, "active", item));

    // Stripe retries a delivery with the same event id: a no-op.
    await deliverAll(events);
    expect(await subscriptionRecord(intent.transactionId)).toEqual(renewed);
    // Only the buyer's own visit gets a fresh hand-off token.
    await revisit(browser, intent);
    expect(await subscriptionRecord(intent.transactionId)).toEqual({ ...renewed, tokens: 2 });
  });

  it("records a failed renewal as past_due, keeps the paid order, and a later retry makes it active", async () => {
    const { browser, intent, late, first, firstEnd, events } = await renewedSeats("failed");
    const item = itemOf(intent.subscriptionId);
    const invoice = invoiceOf(intent.subscriptionId);
    expect(double.get(intent.subscriptionId)!.status).toBe("past_due");
    expect(invoice).toMatchObject({ billing_reason: "subscription_cycle", status: "open", attempt_count: 1 });
    expect(invoice.next_payment_attempt).toEqual(expect.any(Number));
    const renewalIntent = intentOfInvoice(invoice);
    expect(renewalIntent).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "card_declined" },
    });
    expect(events.map((e) => e.type)).toEqual([
      "invoice.created",
      "customer.subscription.updated",
      "invoice.finalized",
      "payment_intent.payment_failed",
      "invoice.payment_failed",
      "customer.subscription.updated",
    ]);

    // The failure first, the period's earlier "active" update after it: the state is re-read.
    const failed = events.find((e) => e.type === "invoice.payment_failed")!;
    await deliverAll([failed, late, ...events.filter((e) => e !== failed)]);
    const pastDue = await subscriptionRecord(intent.transactionId);
    // The first period stays paid and fulfilled; Stripe moved the period on though it is unpaid.
    expect(pastDue).toEqual(movedOn(first, "past_due", item));
    expect(item.current_period_start).toBe(firstEnd);
    await deliverAll(events);
    expect(await subscriptionRecord(intent.transactionId)).toEqual(pastDue);
    await revisit(browser, intent);
    expect(await subscriptionRecord(intent.transactionId)).toEqual({ ...pastDue, tokens: 2 });

    // Stripe's automatic retry of the invoice succeeds a few days later.
    const retried = double.succeed(renewalIntent.id);
    await deliverAll([...retried].reverse());
    await deliverAll(retried);
    expect(await subscriptionRecord(intent.transactionId)).toEqual({
      ...pastDue,
      tokens: 2,
      subscription: { ...pastDue.subscription, status: "active" },
    });
  });
});
