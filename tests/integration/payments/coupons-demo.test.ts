import { beforeAll, describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as updateSubscription } from "@/app/api/update-subscription/route";
import { POST as refundPost } from "@/app/api/admin/orders/refund/route";
import { getDb } from "@/lib/platform/server/db";
import { testCoupon } from "@/tests/support/coupons";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";
import { demoPurchase, requestKey } from "../console/purchase";
import { Browser, buyer, DEMO_CARD } from "./helpers";

// Coupons at checkout on the demo gateway: the server prices the code, the order records it, and
// the limits hold when buyers race for the last use.

type Intent = {
  clientSecret: string;
  paymentIntentId: string;
  subscriptionId?: string;
  transactionId: string;
  amount: number;
  discountAmount?: number;
};
type ErrorBody = { error: { code: string; message: string } };
type Answer = { status: number; body: Intent & ErrorBody };

const create = (browser: Browser, input: unknown) =>
  browser.call<Intent & ErrorBody>(createIntent, "/api/create-payment-intent", input) as Promise<Answer>;
const pay = (browser: Browser, clientSecret: string) =>
  browser.call(confirmDemo, "/api/demo-payments/confirm", { clientSecret, card: DEMO_CARD });
const db = getDb;

let owner: SignedInOperator;
beforeAll(async () => {
  owner = await signedInOperator();
});

describe("a coupon on the book", () => {
  it("charges the discounted total, records list price, discount and coupon, and keeps one order per code", async () => {
    const coupon = await testCoupon({ percentOff: 15 });
    const browser = new Browser();
    const input = { ...buyer("fast-forward-book", 3), couponCode: ` ${coupon.code.toLowerCase()} ` };
    const created = await create(browser, input);
    // 15 % of $21 is $3.15.
    expect(created).toMatchObject({ status: 200, body: { amount: 1_785, discountAmount: 315 } });
    const order = await db().order.findUniqueOrThrow({ where: { id: created.body.transactionId } });
    expect(order).toMatchObject({ couponId: coupon.id, listAmount: 2_100, discountAmount: 315, totalAmount: 1_785 });
    const intent = await db().demoPaymentIntent.findUniqueOrThrow({ where: { id: created.body.paymentIntentId } });
    expect(intent.amount).toBe(1_785);
    expect(await db().couponRedemption.findUnique({ where: { orderId: order.id } })).toMatchObject({
      couponId: coupon.id,
      email: input.email,
      discountAmount: 315,
    });

    const again = await create(browser, input);
    expect(again.body.paymentIntentId).toBe(created.body.paymentIntentId);
    // Without the code the buyer gets the list price, on an order of its own.
    const without = await create(browser, { ...input, couponCode: undefined });
    expect(without.body).toMatchObject({ amount: 2_100 });
    expect(without.body.transactionId).not.toBe(created.body.transactionId);
  });

  it("discounts the book, not the add-on, and never charges under 50 cents", async () => {
    const all = await testCoupon({ percentOff: 100 });
    const alone = await create(new Browser(), { ...buyer("fast-forward-book"), couponCode: all.code });
    expect(alone.body).toMatchObject({ amount: 50, discountAmount: 650 });
    const withCourse = await create(new Browser(), {
      ...buyer("fast-forward-book"),
      includeUpsell: true,
      couponCode: all.code,
    });
    expect(withCourse.body).toMatchObject({ amount: 49_700, discountAmount: 700 });
  });

  it("answers 400 coupon_invalid for unknown, inactive, early, expired and other products' codes", async () => {
    const hour = 3_600_000;
    const inactive = await testCoupon();
    await db().coupon.update({ where: { id: inactive.id }, data: { active: false } });
    const early = await testCoupon({ startsAt: new Date(Date.now() + hour).toISOString() });
    const expired = await testCoupon({
      startsAt: new Date(Date.now() - 2 * hour).toISOString(),
      endsAt: new Date(Date.now() - hour).toISOString(),
    });
    const seatsOnly = await testCoupon({ productCode: "team-training-seat" });
    const cases: [string, string][] = [
      ["NO-SUCH-CODE", "This coupon code is not valid."],
      ["not a code!", "This coupon code is not valid."],
      [inactive.code, "This coupon code is not valid."],
      [early.code, "This coupon code is not valid yet."],
      [expired.code, "This coupon code has expired."],
      [seatsOnly.code, "This coupon code does not apply to this product."],
    ];
    for (const [couponCode, message] of cases) {
      const answer = await create(new Browser(), { ...buyer("fast-forward-book"), couponCode });
      expect(answer, couponCode).toMatchObject({ status: 400, body: { error: { code: "coupon_invalid", message } } });
    }
    expect(
      await db().order.count({ where: { couponId: { in: [inactive.id, early.id, expired.id, seatsOnly.id] } } }),
    ).toBe(0);
  });

  it("refunds at most what the buyer paid", async () => {
    const coupon = await testCoupon({ amountOff: 200 });
    const purchase = await demoPurchase("fast-forward-book", 1, undefined, coupon.code);
    const refund = async (body: Record<string, unknown>) => {
      const response = await refundPost(adminRequest("/api/admin/orders/refund", { body, cookie: owner.cookie }));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> & Partial<ErrorBody> };
    };
    const base = { orderId: purchase.orderId, reason: "Asked within 30 days" };
    const tooMuch = await refund({ ...base, amount: 700, requestKey: requestKey() });
    expect(tooMuch).toMatchObject({ status: 400, body: { error: { code: "refund_too_large" } } });
    const full = await refund({ ...base, requestKey: requestKey() });
    expect(full).toMatchObject({ status: 200, body: { amount: 500, fullyRefunded: true } });
  });
});

describe("coupon limits", () => {
  it("gives the last use to exactly one of several buyers racing for it, round after round", async () => {
    for (let round = 0; round < 8; round++) {
      const coupon = await testCoupon({ maxRedemptions: 1 });
      const racers = 2 + (round % 3);
      const answers = await Promise.all(
        Array.from({ length: racers }, () =>
          create(new Browser(), { ...buyer("fast-forward-book"), couponCode: coupon.code }),
        ),
      );
      const won = answers.filter((a) => a.status === 200);
      const lost = answers.filter((a) => a.status !== 200);
      expect(won, `round ${round}`).toHaveLength(1);
      for (const answer of lost) {
        expect(answer).toMatchObject({ status: 400, body: { error: { code: "coupon_exhausted" } } });
      }
      expect(await db().couponRedemption.count({ where: { couponId: coupon.id } })).toBe(1);
    }
  });

  it("frees an unpaid order's use when its hold lapses, and never a paid one's", async () => {
    const coupon = await testCoupon({ maxRedemptions: 2 });
    const paid = await demoPurchase("fast-forward-book", 1, undefined, coupon.code);
    const unpaid = await create(new Browser(), { ...buyer("fast-forward-book"), couponCode: coupon.code });
    expect(unpaid.status).toBe(200);
    const third = { ...buyer("fast-forward-book"), couponCode: coupon.code };
    const thirdBrowser = new Browser();
    expect((await create(thirdBrowser, third)).body.error?.code).toBe("coupon_exhausted");

    // An hour on, both holds have lapsed: only the unpaid order's use is free again.
    await db().couponRedemption.updateMany({
      where: { couponId: coupon.id },
      data: { heldUntil: new Date(Date.now() - 1) },
    });
    // The same buyer trying again now gets it.
    expect((await create(thirdBrowser, third)).status).toBe(200);
    const fourth = { ...buyer("fast-forward-book"), couponCode: coupon.code };
    expect((await create(new Browser(), fourth)).body.error?.code).toBe("coupon_exhausted");
    expect(await db().order.findUniqueOrThrow({ where: { id: paid.orderId } })).toMatchObject({ status: "SUCCEEDED" });
  });

  it("holds the per-buyer limit by e-mail, whatever the case", async () => {
    const coupon = await testCoupon({ maxPerBuyer: 1 });
    const first = { ...buyer("fast-forward-book"), couponCode: coupon.code };
    const browser = new Browser();
    const created = await create(browser, first);
    await pay(browser, created.body.clientSecret);
    const sameBuyer = { ...buyer("fast-forward-book"), email: first.email.toUpperCase(), couponCode: coupon.code };
    const answer = await create(new Browser(), sameBuyer);
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: "coupon_exhausted", message: "You have already used this coupon code." } },
    });
    expect((await create(new Browser(), { ...buyer("fast-forward-book"), couponCode: coupon.code })).status).toBe(200);
  });
});

describe("a coupon on team seats, demo gateway", () => {
  it("discounts the first invoice, keeps the terms for the renewals and survives a seat change", async () => {
    const coupon = await testCoupon({ percentOff: 20, durationMonths: 3, productCode: "team-training-seat" });
    const browser = new Browser();
    const input = { ...buyer("team-training-seat", 2), couponCode: coupon.code };
    const created = await create(browser, input);
    expect(created.body).toMatchObject({ amount: 80_000, discountAmount: 20_000 });
    const subscription = await db().demoSubscription.findUniqueOrThrow({ where: { id: created.body.subscriptionId } });
    expect(subscription).toMatchObject({
      unitAmount: 50_000,
      discountPercent: 20,
      discountAmountOff: null,
      discountMonths: 3,
    });

    const changed = await browser.call<Intent>(updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity: 3,
    });
    expect(changed.status).toBe(200);
    // The page shows the new count's total from this answer.
    expect(changed.body).toMatchObject({
      quantity: 3,
      amount: 120_000,
      discountAmount: 30_000,
      couponCode: coupon.code,
    });
    const order = await db().order.findUniqueOrThrow({ where: { id: created.body.transactionId } });
    expect(order).toMatchObject({ quantity: 3, listAmount: 150_000, discountAmount: 30_000, totalAmount: 120_000 });
    const intent = await db().demoPaymentIntent.findUniqueOrThrow({ where: { id: order.providerPaymentId! } });
    expect(intent.amount).toBe(120_000);
  });

  it("refunds a discounted seat at what it was paid, removing it", async () => {
    const coupon = await testCoupon({ percentOff: 20, productCode: "team-training-seat" });
    const purchase = await demoPurchase("team-training-seat", 2, undefined, coupon.code);
    const body = {
      orderId: purchase.orderId,
      amount: 40_000,
      reason: "One seat never used",
      requestKey: requestKey(),
      removeSeats: 1,
    };
    const response = await refundPost(adminRequest("/api/admin/orders/refund", { body, cookie: owner.cookie }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ amount: 40_000, fullyRefunded: false, seats: 1 });
  });

  it("answers a seat change of an order without a coupon with the full amount and no discount", async () => {
    const browser = new Browser();
    const created = await create(browser, buyer("team-training-seat", 1));
    const changed = await browser.call<Intent>(updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity: 2,
    });
    expect(changed).toMatchObject({ status: 200, body: { quantity: 2, amount: 100_000 } });
    expect(changed.body).not.toHaveProperty("discountAmount");
    expect(changed.body).not.toHaveProperty("couponCode");
  });

  it("refuses a coupon that would bring the first invoice under 50 cents", async () => {
    const coupon = await testCoupon({ percentOff: 100 });
    const answer = await create(new Browser(), { ...buyer("team-training-seat", 1), couponCode: coupon.code });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: "coupon_invalid" } } });
  });
});
