import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { advanceDemoClock } from "@/lib/payments/server/demo-clock";
import { renewDemoSubscriptions } from "@/lib/payments/server/renew-demo-subscriptions";
import { revenueReport } from "@/lib/console/server/revenue-report";
import { seatReport } from "@/lib/console/server/seat-report";
import { forgetCatalog } from "@/lib/payments/server/read-catalog";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { signedInOperator } from "../../support/operator-session";
import { COURSE, COURSE_PRICE, INSTALMENT, publishCoursePlan } from "../../support/payment-plans";
import { Browser, buyer, createdIntent, paidDemoPurchase, subscriptionRecord } from "./helpers";

// The course bought on a three-instalment plan through the demo gateway: the first instalment is the
// order, the sweep bills two more and then ends the subscription by itself; fulfilment happens once.

const allTime = () => ({ from: new Date(Date.now() - 24 * 3600 * 1000), to: new Date(Date.now() + 24 * 3600 * 1000) });

const invoicesOf = (orderId: string) =>
  getDb().subscriptionInvoice.findMany({ where: { subscription: { orderId } }, orderBy: { periodStart: "asc" } });

beforeAll(async () => {
  const owner = await signedInOperator({ role: "owner" });
  await publishCoursePlan(owner.operatorId);
  forgetCatalog();
});

describe("demo gateway: a payment plan", () => {
  it("charges three instalments, ends by itself after the third and fulfils once", async () => {
    const browser = new Browser();
    const { intent, claim } = await paidDemoPurchase(browser, { ...buyer(COURSE), payment: "plan" });
    const claimed = await browser.call(paymentSuccess, "/api/payment-success", claim);
    expect(claimed.status).toBe(200);
    const orderId = intent.transactionId;
    const first = await subscriptionRecord(orderId);
    expect(first).toMatchObject({ status: "SUCCEEDED", totalAmount: INSTALMENT, subscription: { status: "active" } });
    expect(first.fulfilledAt).not.toBeNull();
    const sub = await getDb().subscription.findUniqueOrThrow({ where: { orderId } });
    expect(sub).toMatchObject({ planInstalments: 3, planAccessRule: "full_on_first", quantity: 1 });
    // A plan is a fixed sum in instalments, not recurring revenue: never in MRR, even while active.
    expect((await seatReport()).products.find((p) => p.productId === COURSE)).toBeUndefined();

    const counts = [];
    for (let month = 0; month < 4; month++) {
      await advanceDemoClock(31);
      counts.push(await renewDemoSubscriptions());
    }
    // Months two and three are charged; the third month's end ends the plan; the fourth bills nothing.
    expect(counts.map((c) => [c.paid, c.failed, c.ended])).toEqual([
      [1, 0, 0],
      [1, 0, 0],
      [0, 0, 1],
      [0, 0, 0],
    ]);
    const invoices = await invoicesOf(orderId);
    expect(invoices.map((i) => [i.amount, i.status])).toEqual([
      [INSTALMENT, "paid"],
      [INSTALMENT, "paid"],
    ]);
    const last = await subscriptionRecord(orderId);
    expect(last).toMatchObject({ status: "SUCCEEDED", subscription: { status: "canceled" } });
    // Fulfilment once: the account, the hand-off and the e-mails of the first payment, no more.
    expect({ account: last.account, tokens: last.tokens, emails: last.emails }).toEqual({
      account: first.account,
      tokens: first.tokens,
      emails: first.emails,
    });
    expect(await getDb().issuedAccount.count({ where: { orderId } })).toBe(1);

    const course = (await revenueReport(allTime())).products.find((p) => p.productId === COURSE);
    expect(course).toMatchObject({ paidOrders: 1, gross: 3 * INSTALMENT, renewals: 2, renewalGross: 2 * INSTALMENT });
  });

  it("charges the full price when the buyer pays at once", async () => {
    const answer = await createdIntent<{ amount: number; subscriptionId?: string }>(new Browser(), createIntent, {
      ...buyer(COURSE),
      payment: "full",
    });
    expect(answer.amount).toBe(COURSE_PRICE);
    expect(answer.subscriptionId).toBeUndefined();
  });

  it.each([
    ["an amount", { amount: 100 }],
    ["an instalment amount", { payment: "plan", planAmount: 100 }],
    ["an unknown choice", { payment: "later" }],
    ["a plan with a coupon", { payment: "plan", couponCode: "SAVE10" }],
    ["a plan of two copies", { payment: "plan", quantity: 2 }],
  ])("refuses %s from the client with a 400 and creates no order", async (_label, extra) => {
    const before = await getDb().order.count();
    const answer = await new Browser().call<{ error?: { code: string } }>(createIntent, "/api/create-payment-intent", {
      ...buyer(COURSE),
      ...extra,
    });
    expect(answer.status).toBe(400);
    expect(await getDb().order.count()).toBe(before);
  });

  it("refuses a plan for a product without one", async () => {
    const answer = await new Browser().call(createIntent, "/api/create-payment-intent", {
      ...buyer("fast-forward-book"),
      payment: "plan",
    });
    expect(answer.status).toBe(400);
  });
});
