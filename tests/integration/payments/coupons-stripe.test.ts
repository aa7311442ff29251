import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { testCoupon } from "@/tests/support/coupons";
import type { DoubleEvent, StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer, createdIntent, enterStripeCheckout, type PaymentRoutes } from "./helpers";

// Coupons in Stripe mode: a one-time intent for the discounted total, and on seats a Stripe coupon
// made once per coupon of ours, discounting the first N monthly invoices as Stripe bills them.

const WEBHOOK_SECRET = "whsec_coupons_test_secret_0123456789";
let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes;

type Intent = {
  paymentIntentId: string;
  subscriptionId?: string;
  transactionId: string;
  amount: number;
  discountAmount?: number;
};

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout(WEBHOOK_SECRET));
});

afterAll(() => stripeMode.leave());

async function deliverAll(events: DoubleEvent[]): Promise<void> {
  for (const event of events) expect(await stripeMode.deliver(event)).toBe(200);
}

const latestInvoice = (subscriptionId: string) => double.get(double.get(subscriptionId)!.latest_invoice as string)!;

describe("Stripe: coupons", () => {
  it("charges a one-time order the discounted total", async () => {
    const coupon = await testCoupon({ amountOff: 250 });
    const intent = await createdIntent<Intent>(new Browser(), routes.createIntent, {
      ...buyer("fast-forward-book", 2),
      couponCode: coupon.code,
    });
    expect(intent).toMatchObject({ amount: 1_150, discountAmount: 250 });
    expect(double.get(intent.paymentIntentId)).toMatchObject({ amount: 1_150 });
  });

  it("puts one Stripe coupon on the seats: the first two invoices discounted, the third at the full price", async () => {
    const coupon = await testCoupon({ percentOff: 25, durationMonths: 2, productCode: "team-training-seat" });
    const intent = await createdIntent<Intent>(new Browser(), routes.createIntent, {
      ...buyer("team-training-seat", 3),
      couponCode: coupon.code,
    });
    expect(intent).toMatchObject({ amount: 112_500, discountAmount: 37_500 });
    const subscription = double.get(intent.subscriptionId!)!;
    const stripeCoupon = double.get(`ff_${coupon.id}`)!;
    expect(stripeCoupon).toMatchObject({
      object: "coupon",
      percent_off: 25,
      amount_off: null,
      duration: "repeating",
      duration_in_months: 2,
    });
    expect(subscription.discounts).toHaveLength(1);
    expect(latestInvoice(intent.subscriptionId!)).toMatchObject({
      subtotal: 150_000,
      amount_due: 112_500,
      total_discount_amounts: [{ amount: 37_500 }],
    });
    await deliverAll(double.succeed(intent.paymentIntentId));
    const order = await getDb().order.findUniqueOrThrow({ where: { id: intent.transactionId } });
    // Paid in full for the discounted total: fulfilled.
    expect(order).toMatchObject({
      status: "SUCCEEDED",
      listAmount: 150_000,
      discountAmount: 37_500,
      totalAmount: 112_500,
    });
    expect(order.fulfilledAt).not.toBeNull();

    await deliverAll(double.renew(intent.subscriptionId!));
    expect(latestInvoice(intent.subscriptionId!)).toMatchObject({ amount_paid: 112_500, status: "paid" });
    await deliverAll(double.renew(intent.subscriptionId!));
    expect(latestInvoice(intent.subscriptionId!)).toMatchObject({ amount_paid: 150_000, total_discount_amounts: [] });
  });

  it("keeps the Stripe coupon through a seat change, answers the discounted total and charges it", async () => {
    const coupon = await testCoupon({ amountOff: 5_000, durationMonths: 3, productCode: "team-training-seat" });
    const browser = new Browser();
    const intent = await createdIntent<Intent>(browser, routes.createIntent, {
      ...buyer("team-training-seat", 1),
      couponCode: coupon.code,
    });
    expect(intent).toMatchObject({ amount: 45_000, discountAmount: 5_000 });
    const changed = await browser.call<Intent & { quantity: number; couponCode?: string }>(
      routes.updateSubscription,
      "/api/update-subscription",
      { subscriptionId: intent.subscriptionId, quantity: 4 },
    );
    expect(changed).toMatchObject({
      status: 200,
      body: { quantity: 4, amount: 195_000, discountAmount: 5_000, couponCode: coupon.code },
    });
    const replaced = changed.body;
    expect(replaced.subscriptionId).not.toBe(intent.subscriptionId);
    expect(double.get(replaced.subscriptionId!)!.discounts).toHaveLength(1);
    expect(latestInvoice(replaced.subscriptionId!)).toMatchObject({ subtotal: 200_000, amount_due: 195_000 });
    await deliverAll(double.succeed(replaced.paymentIntentId));
    const order = await getDb().order.findUniqueOrThrow({ where: { id: intent.transactionId } });
    expect(order).toMatchObject({
      status: "SUCCEEDED",
      quantity: 4,
      listAmount: 200_000,
      discountAmount: 5_000,
      totalAmount: 195_000,
    });
  });

  it("creates the Stripe coupon once, however many checkouts use the code at once", async () => {
    const coupon = await testCoupon({ amountOff: 10_000, durationMonths: 1 });
    const intents = await Promise.all(
      [1, 2, 3].map(() =>
        createdIntent<Intent>(new Browser(), routes.createIntent, {
          ...buyer("team-training-seat", 1),
          couponCode: coupon.code,
        }),
      ),
    );
    expect(intents.map((i) => i.amount)).toEqual([40_000, 40_000, 40_000]);
    const creates = double.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/coupons" && r.idempotencyKey?.includes(coupon.id),
    );
    expect(creates.length).toBeGreaterThan(0);
    const keys = new Set(creates.map((r) => r.idempotencyKey));
    expect(keys.size).toBe(1);
    expect(double.get(`ff_${coupon.id}`)).toMatchObject({ amount_off: 10_000, currency: "usd", times_redeemed: 3 });
  });
});
