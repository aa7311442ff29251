import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { revenueReport } from "@/lib/console/server/revenue-report";
import { forgetCatalog } from "@/lib/payments/server/read-catalog";
import type { DoubleEvent, StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { signedInOperator } from "../../support/operator-session";
import { COURSE, INSTALMENT, publishCoursePlan } from "../../support/payment-plans";
import { Browser, buyer, createdIntent, enterStripeCheckout, subscriptionRecord, type PaymentRoutes } from "./helpers";

// The course on a three-instalment plan in Stripe mode: a subscription that cancels itself after its
// third month (cancel_at), billed by the double's test clock; each instalment is recorded once.

const WEBHOOK_SECRET = "whsec_payment_plan_test_secret_0123";
const MONTH = 31 * 24 * 3600;
let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes;

type Intent = { paymentIntentId: string; subscriptionId: string; transactionId: string; amount: number };

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout(WEBHOOK_SECRET));
  await publishCoursePlan((await signedInOperator({ role: "owner" })).operatorId);
  forgetCatalog();
});

afterAll(() => stripeMode.leave());

async function deliverTwice(events: DoubleEvent[]): Promise<void> {
  for (const event of [...events, ...events]) expect(await stripeMode.deliver(event)).toBe(200);
}

const invoicesOf = (orderId: string) =>
  getDb().subscriptionInvoice.findMany({ where: { subscription: { orderId } }, orderBy: { periodStart: "asc" } });

describe("Stripe: a payment plan on the test clock", () => {
  it("charges three instalments, ends by itself after the third and fulfils once", async () => {
    const browser = new Browser();
    const intent = await createdIntent<Intent>(browser, routes.createIntent, { ...buyer(COURSE), payment: "plan" });
    expect(intent.amount).toBe(INSTALMENT);
    const created = double.get(intent.subscriptionId)!;
    expect(created.cancel_at).toEqual(expect.any(Number));
    await deliverTwice(double.succeed(intent.paymentIntentId));
    const success = await browser.call(routes.paymentSuccess, "/api/payment-success", {
      subscriptionId: intent.subscriptionId,
      transactionId: intent.transactionId,
    });
    expect(success.status).toBe(200);
    const first = await subscriptionRecord(intent.transactionId);
    expect(first).toMatchObject({ status: "SUCCEEDED", totalAmount: INSTALMENT, subscription: { status: "active" } });
    expect(first.fulfilledAt).not.toBeNull();

    const charged: number[] = [];
    for (let month = 0; month < 4; month++) {
      const events = double.advanceClock(MONTH);
      charged.push(events.filter((e) => e.type === "invoice.paid").length);
      await deliverTwice(events);
    }
    expect(charged).toEqual([1, 1, 0, 0]);
    expect((await invoicesOf(intent.transactionId)).map((i) => [i.amount, i.status])).toEqual([
      [INSTALMENT, "paid"],
      [INSTALMENT, "paid"],
    ]);
    const last = await subscriptionRecord(intent.transactionId);
    expect(last).toMatchObject({ status: "SUCCEEDED", subscription: { status: "canceled" } });
    expect({ account: last.account, tokens: last.tokens, emails: last.emails }).toEqual({
      account: first.account,
      tokens: first.tokens,
      emails: first.emails,
    });
    const range = { from: new Date(Date.now() - 3600_000), to: new Date(Date.now() + 3600_000) };
    const course = (await revenueReport(range)).products.find((p) => p.productId === COURSE);
    expect(course).toMatchObject({ paidOrders: 1, gross: 3 * INSTALMENT, renewals: 2, renewalGross: 2 * INSTALMENT });
  });
});
