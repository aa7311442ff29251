import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { changePaidSeats } from "@/lib/payments/server/change-paid-seats";
import { cancelOrderSubscription } from "@/lib/payments/server/cancel-subscription";
import { revenueReport } from "@/lib/console/server/revenue-report";
import type { DoubleEvent, StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { signedInOperator } from "../../support/operator-session";
import { requestKey } from "../console/purchase";
import { advanceDemoTime } from "@/lib/payments/server/advance-demo-time";
import { Browser, buyer, createdIntent, enterStripeCheckout, subscriptionRecord, type PaymentRoutes } from "./helpers";
import { seededShuffle } from "../../support/shuffle";

// Three periods of a seat subscription in Stripe mode, billed by advancing the double's test clock:
// each phase's webhooks arrive shuffled and twice, and the run's every event once more at the end;
// each renewal invoice is recorded once and holds the invoice's last state.

const WEBHOOK_SECRET = "whsec_renewal_clock_test_secret_0123";
const SEAT = 50_000;
const MONTH = 31 * 24 * 3600;
let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes;
let operatorId: string;

type Intent = { paymentIntentId: string; subscriptionId: string; transactionId: string };

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout(WEBHOOK_SECRET));
  operatorId = (await signedInOperator()).operatorId;
});

afterAll(() => stripeMode.leave());

const SEED = Date.now() % 1_000_000;
const delivered: DoubleEvent[] = [];

/** Every event twice, in a shuffled order. */
async function deliverShuffledTwice(events: DoubleEvent[], round: number): Promise<void> {
  delivered.push(...events);
  for (const event of seededShuffle([...events, ...events], SEED + round)) {
    expect(await stripeMode.deliver(event), `seed ${SEED}, ${event.type}`).toBe(200);
  }
}

const invoicesOf = (orderId: string) =>
  getDb().subscriptionInvoice.findMany({
    where: { subscription: { orderId } },
    orderBy: { periodStart: "asc" },
    select: { providerInvoiceId: true, quantity: true, amount: true, status: true, periodStart: true },
  });

const periodEndOf = (subscriptionId: string) =>
  new Date(
    Number(
      (double.get(subscriptionId)!.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end,
    ) * 1000,
  );

describe("Stripe: renewals on the test clock", () => {
  it("records three periods, a failed renewal and its retry, a seat change and a cancellation once each", async () => {
    const browser = new Browser();
    const intent = await createdIntent<Intent>(browser, routes.createIntent, buyer("team-training-seat", 3));
    await deliverShuffledTwice(double.succeed(intent.paymentIntentId), 1);
    const success = await browser.call(routes.paymentSuccess, "/api/payment-success", {
      subscriptionId: intent.subscriptionId,
      transactionId: intent.transactionId,
    });
    expect(success.status).toBe(200);
    const first = await subscriptionRecord(intent.transactionId);
    expect(first).toMatchObject({ status: "SUCCEEDED", subscription: { status: "active", quantity: 3 } });
    expect(double.testClock()).toMatchObject({ object: "test_helpers.test_clock", status: "ready" });

    // Period 2: paid.
    await deliverShuffledTwice(double.advanceClock(MONTH), 2);
    const second = await invoicesOf(intent.transactionId);
    expect(second).toMatchObject([{ quantity: 3, amount: 3 * SEAT, status: "paid" }]);
    expect((await subscriptionRecord(intent.transactionId)).subscription).toMatchObject({
      status: "active",
      currentPeriodEnd: periodEndOf(intent.subscriptionId),
    });

    // Two seats more mid-period, then period 3 fails: past_due, the period moved on regardless.
    await changePaidSeats(
      { orderId: intent.transactionId, seats: 5, reason: "two more people", requestKey: requestKey() },
      { id: operatorId },
      null,
    );
    const failing = double.advanceClock(MONTH, { [intent.subscriptionId]: "failed" });
    await deliverShuffledTwice(failing, 3);
    const third = await invoicesOf(intent.transactionId);
    expect(third).toMatchObject([
      { quantity: 3, status: "paid" },
      { quantity: 5, amount: 5 * SEAT, status: "failed" },
    ]);
    expect((await subscriptionRecord(intent.transactionId)).subscription).toMatchObject({
      status: "past_due",
      quantity: 5,
      currentPeriodEnd: periodEndOf(intent.subscriptionId),
    });
    const range = { from: new Date(Date.now() - 3600_000), to: new Date(Date.now() + 3600_000) };
    const team = () => revenueReport(range).then((r) => r.products.find((p) => p.productId === "team-training-seat"));
    expect(await team()).toMatchObject({ renewals: 1, failedRenewals: 1, failedRenewalAmount: 5 * SEAT });

    // Stripe's retry of the invoice pays it: the same row turns paid, the subscription active.
    const failedInvoice = failing.find((e) => e.type === "invoice.payment_failed")!.data.object;
    const secret = (failedInvoice.confirmation_secret as { client_secret: string }).client_secret;
    await deliverShuffledTwice(double.succeed(secret.slice(0, secret.indexOf("_secret_"))), 4);
    const retried = await invoicesOf(intent.transactionId);
    expect(retried).toMatchObject([
      { status: "paid" },
      { providerInvoiceId: third[1]!.providerInvoiceId, status: "paid" },
    ]);
    expect((await subscriptionRecord(intent.transactionId)).subscription?.status).toBe("active");
    expect(await team()).toMatchObject({ renewals: 2, renewalGross: 8 * SEAT, failedRenewals: 0, gross: 11 * SEAT });

    // Period 4: paid; then cancelled at period end, it ends there with no further invoice.
    await deliverShuffledTwice(double.advanceClock(MONTH), 5);
    await cancelOrderSubscription(intent.transactionId, { operatorId, ip: null });
    await deliverShuffledTwice(double.advanceClock(MONTH), 6);
    const final = await invoicesOf(intent.transactionId);
    expect(final.map((i) => [i.quantity, i.status])).toEqual([
      [3, "paid"],
      [5, "paid"],
      [5, "paid"],
    ]);
    const ended = await subscriptionRecord(intent.transactionId);
    expect(ended).toMatchObject({ status: "SUCCEEDED", subscription: { status: "canceled", cancelAtPeriodEnd: true } });

    // Every event of the run once more, shuffled: nothing changes, no row is added.
    for (const event of seededShuffle(delivered, SEED)) expect(await stripeMode.deliver(event)).toBe(200);
    expect(await invoicesOf(intent.transactionId)).toEqual(final);
    expect(await subscriptionRecord(intent.transactionId)).toEqual(ended);
  });

  it("records an invoice once when its two events are handled at the same time", async () => {
    const browser = new Browser();
    const intent = await createdIntent<Intent>(browser, routes.createIntent, buyer("team-training-seat", 2));
    for (const event of double.succeed(intent.paymentIntentId)) await stripeMode.deliver(event);
    const events = double.advanceClock(MONTH).filter((e) => e.type.startsWith("invoice."));
    const statuses = await Promise.all([...events, ...events].map((e) => stripeMode.deliver(e)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await invoicesOf(intent.transactionId)).toMatchObject([{ quantity: 2, amount: 2 * SEAT, status: "paid" }]);
  });

  it("has no demo clock: Stripe bills the renewals", async () => {
    await expect(advanceDemoTime(30, { operatorId: null, ip: null, via: "command" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await getDb().demoClock.count()).toBe(0);
  });
});
