import { describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { POST as paymentSuccessMetadata } from "@/app/api/payment-success-metadata/route";
import { POST as updateSubscription } from "@/app/api/update-subscription/route";
import { GET as products } from "@/app/api/products/route";
import { getDb } from "@/lib/platform/server/db";
import { addOneMonth } from "@/lib/payments/shared/billing-period";
import { verifyHandoffToken } from "@/lib/payments/server/handoff-token";
import { verifyPassword } from "@/lib/payments/server/password";
import { Browser, buyer } from "./helpers";
import { workOff } from "@/tests/support/jobs";
import { QUEUES } from "@/lib/platform/shared/queues";

type Intent = {
  clientSecret: string;
  paymentIntentId: string;
  subscriptionId?: string;
  contactId: string;
  transactionId: string;
  amount: number;
};
type Success = {
  success: boolean;
  message: string;
  loginDetails: { email: string; password?: string; productPurchased: string; seatsCount: number };
  token: string;
  transactionId: string;
};
type ErrorBody = { error: { code: string; message: string } };

const card = (number: string) => ({ number, expiry: "12 / 40", cvc: "123" });

/** The team checkout's claim of its seat subscription, under the address and name it was bought with. */
const claimSeats = (browser: Browser, intent: Intent, input: { email: string; name: string }) =>
  browser.call<Success>(paymentSuccessMetadata, "/api/payment-success-metadata", {
    subscriptionId: intent.subscriptionId,
    paymentIntentId: intent.paymentIntentId,
    checkoutEmail: input.email,
    checkoutName: input.name,
  });

async function pay(browser: Browser, clientSecret: string, number = "4242 4242 4242 4242") {
  return browser.call(confirmDemo, "/api/demo-payments/confirm", { clientSecret, card: card(number) });
}

describe("demo checkout: create → confirm → payment-success", () => {
  it("lists the catalog without the test product by default", async () => {
    const body = (await (await products()).json()) as { products: { id: string; unitAmount: number }[] };
    expect(body.products.map((p) => [p.id, p.unitAmount])).toEqual([
      ["fast-forward-book", 700],
      ["ai-step-by-step", 49_700],
      ["team-training-seat", 50_000],
    ]);
  });

  it("sells the book once: same intent on retry, one account, one e-mail, same token again", async () => {
    const browser = new Browser();
    const input = buyer("fast-forward-book");
    const first = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ contactId: input.contactId, amount: 700 });
    const again = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    expect(again.body.paymentIntentId).toBe(first.body.paymentIntentId);
    expect(again.body.transactionId).toBe(first.body.transactionId);

    const early = await browser.call<ErrorBody>(paymentSuccess, "/api/payment-success", {
      email: input.email,
      name: input.name,
      paymentIntentId: first.body.paymentIntentId,
      transactionId: first.body.transactionId,
      contactId: input.contactId,
    });
    expect(early.status).toBe(409);
    expect(await getDb().issuedAccount.count({ where: { orderId: first.body.transactionId } })).toBe(0);

    const declined = await pay(browser, first.body.clientSecret, "4000 0000 0000 0002");
    expect(declined.body).toMatchObject({ error: { code: "card_declined", message: "Your card was declined." } });
    const poor = await pay(browser, first.body.clientSecret, "4000 0000 0000 9995");
    expect(poor.body).toMatchObject({ error: { decline_code: "insufficient_funds" } });
    const paid = await pay(browser, first.body.clientSecret);
    expect(paid.body).toMatchObject({ paymentIntent: { status: "succeeded" } });

    const claim = {
      email: input.email,
      name: input.name,
      paymentIntentId: first.body.paymentIntentId,
      transactionId: first.body.transactionId,
      contactId: input.contactId,
    };
    const success = await browser.call<Success>(paymentSuccess, "/api/payment-success", claim);
    expect(success.status).toBe(200);
    expect(success.body.loginDetails).toMatchObject({ email: input.email, seatsCount: 1 });
    const password = success.body.loginDetails.password!;
    expect(password.length).toBeGreaterThanOrEqual(22);
    const claims = await verifyHandoffToken(success.body.token);
    expect(claims).toMatchObject({ transactionId: first.body.transactionId, email: input.email, seats: 1 });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(15 * 60);

    const repeat = await browser.call<Success>(paymentSuccess, "/api/payment-success", claim);
    expect(repeat.status).toBe(200);
    expect(repeat.body.token).toBe(success.body.token);
    expect(repeat.body.loginDetails.password).toBeUndefined();
    expect(repeat.body.message).toMatch(/already issued/);

    const db = getDb();
    const account = await db.issuedAccount.findUniqueOrThrow({ where: { orderId: first.body.transactionId } });
    expect(account.passwordHash).not.toContain(password);
    expect(await verifyPassword(password, account.passwordHash)).toBe(true);
    await workOff(QUEUES.email);
    const emails = await db.outgoingEmail.findMany({ where: { orderId: first.body.transactionId } });
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ template: "purchase-confirmation", recipient: input.email, status: "LOGGED" });
    // The password is shown once on the page and never leaves in an e-mail.
    expect(emails[0]!.html + emails[0]!.text).not.toContain(password);
    expect(emails[0]!.text).toContain(first.body.transactionId);
    const order = await db.order.findUniqueOrThrow({ where: { id: first.body.transactionId } });
    expect(order).toMatchObject({ status: "SUCCEEDED", totalAmount: 700, unitPrice: 700, currency: "usd" });
    expect(await db.handoffToken.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("follows a corrected e-mail and name on the same unpaid order", async () => {
    const browser = new Browser();
    const input = { ...buyer("fast-forward-book"), email: "a@b.co" };
    const first = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    expect(first.status).toBe(200);
    const corrected = { ...input, email: `Ada.${input.contactId}@Example.com`, name: "Ada King" };
    const second = await browser.call<Intent>(createIntent, "/api/create-payment-intent", corrected);
    expect(second.status).toBe(200);
    expect(second.body.transactionId).toBe(first.body.transactionId);
    expect(second.body.paymentIntentId).toBe(first.body.paymentIntentId);
    const orders = await getDb().order.findMany({ where: { contactId: input.contactId } });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ email: corrected.email.toLowerCase(), name: "Ada King", status: "PENDING" });
  });

  it.each(["a@", "ab", "a@b", "a b@c.co"])("refuses the e-mail %j with the product's message", async (email) => {
    const r = await new Browser().call<ErrorBody>(createIntent, "/api/create-payment-intent", {
      ...buyer("fast-forward-book"),
      email,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("Please enter a valid email address.");
  });

  it("gives 10 parallel creates for the same contact and product one intent", async () => {
    const browser = new Browser();
    const input = buyer("ai-step-by-step");
    await browser.call(createIntent, "/api/create-payment-intent", { ...input, productId: "fast-forward-book" });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => browser.call<Intent>(createIntent, "/api/create-payment-intent", input)),
    );
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.body.paymentIntentId)).size).toBe(1);
    expect(results[0]!.body.amount).toBe(49_700);
    expect(await getDb().order.count({ where: { contactId: input.contactId, productId: "ai-step-by-step" } })).toBe(1);
  });

  it("adds the course to the book when the add-to-order offer was accepted", async () => {
    const browser = new Browser();
    const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", {
      ...buyer("fast-forward-book"),
      includeUpsell: true,
    });
    expect(created.body.amount).toBe(700 + 49_700);
  });

  it("refuses amounts, unknown products, bad quantities and other browsers' payments", async () => {
    const browser = new Browser();
    const input = buyer("fast-forward-book");
    for (const key of ["amount", "price", "currency"]) {
      const r = await browser.call<ErrorBody>(createIntent, "/api/create-payment-intent", { ...input, [key]: 1 });
      expect(r.status).toBe(400);
    }
    expect((await browser.call(createIntent, "/api/create-payment-intent", { ...input, productId: "x" })).status).toBe(
      400,
    );
    expect(
      (await browser.call(createIntent, "/api/create-payment-intent", { ...input, productId: "team-training-test" }))
        .status,
    ).toBe(400);
    const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    await pay(browser, created.body.clientSecret);
    const stranger = new Browser();
    const stolen = await stranger.call<ErrorBody>(paymentSuccess, "/api/payment-success", {
      paymentIntentId: created.body.paymentIntentId,
      transactionId: created.body.transactionId,
    });
    expect(stolen.status).toBe(404);
    const stolenMeta = await stranger.call(paymentSuccessMetadata, "/api/payment-success-metadata", {
      paymentIntentId: created.body.paymentIntentId,
    });
    expect(stolenMeta.status).toBe(404);
    expect(await getDb().issuedAccount.count({ where: { orderId: created.body.transactionId } })).toBe(0);
  });
});

describe("ownership and repeat purchases", () => {
  it("asks for payment information on payment-success-metadata without ids", async () => {
    const r = await new Browser().call<ErrorBody>(paymentSuccessMetadata, "/api/payment-success-metadata", {
      checkoutEmail: "ada@example.com",
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe("Missing payment information. Please contact support.");
  });

  it("has no Stripe webhook in demo mode", async () => {
    const { POST: webhook } = await import("@/app/api/stripe/webhook/route");
    const r = await webhook(
      new Request("http://localhost:3000/api/stripe/webhook", {
        method: "POST",
        body: "{}",
        headers: { "stripe-signature": "t=1,v1=x" },
      }),
    );
    expect(r.status).toBe(404);
  });

  it("answers 404 when another browser uses someone's contactId", async () => {
    const owner = new Browser();
    const input = buyer("fast-forward-book");
    expect((await owner.call(createIntent, "/api/create-payment-intent", input)).status).toBe(200);
    const stranger = new Browser();
    const r = await stranger.call(createIntent, "/api/create-payment-intent", { ...input, email: "eve@example.com" });
    expect(r.status).toBe(404);
  });

  it("starts a new order when the same contact buys the same product again after paying", async () => {
    const browser = new Browser();
    const input = buyer("fast-forward-book");
    const first = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    await pay(browser, first.body.clientSecret);
    await browser.call(paymentSuccess, "/api/payment-success", { transactionId: first.body.transactionId });
    const second = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    expect(second.status).toBe(200);
    expect(second.body.transactionId).not.toBe(first.body.transactionId);
    expect(second.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
  });
});

describe("demo team checkout: seats as a subscription", () => {
  it("changes the seat count before payment and fulfils with the final count", async () => {
    const browser = new Browser();
    const input = buyer("team-training-seat", 1);
    const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    expect(created.body).toMatchObject({ amount: 50_000 });
    expect(created.body.subscriptionId).toMatch(/^sub_demo_/);

    const updated = await browser.call<Intent & { quantity: number }>(updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity: 5,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.quantity).toBe(5);
    expect(updated.body.clientSecret).not.toBe(created.body.clientSecret);
    const same = await browser.call<Intent>(updateSubscription, "/api/update-subscription", {
      subscriptionId: updated.body.subscriptionId,
      quantity: 5,
    });
    expect(same.body.paymentIntentId).toBe(updated.body.paymentIntentId);

    const stale = await pay(browser, created.body.clientSecret);
    expect(stale.body).toMatchObject({ error: { code: "payment_intent_unexpected_state" } });
    await pay(browser, updated.body.clientSecret);
    const success = await claimSeats(browser, updated.body, input);
    expect(success.status).toBe(200);
    expect(success.body.loginDetails.seatsCount).toBe(5);
    const order = await getDb().order.findUniqueOrThrow({
      where: { id: created.body.transactionId },
      include: { subscription: true },
    });
    expect(order).toMatchObject({ quantity: 5, totalAmount: 250_000, status: "SUCCEEDED" });
    expect(order.subscription).toMatchObject({ quantity: 5, status: "active" });
    const late = await browser.call(updateSubscription, "/api/update-subscription", {
      subscriptionId: updated.body.subscriptionId,
      quantity: 6,
    });
    expect(late.status).toBe(409);
  });

  it("refuses a seat change after the payment succeeded and leaves the paid subscription alone", async () => {
    // The order is still PENDING (nothing recorded the payment yet): only the gateway knows.
    const browser = new Browser();
    const input = buyer("team-training-seat", 1);
    const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    const paid = await pay(browser, created.body.clientSecret);
    expect(paid.body).toMatchObject({ paymentIntent: { status: "succeeded" } });

    const late = await browser.call<ErrorBody>(updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity: 10,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("already_paid");
    const recreated = await browser.call<ErrorBody>(createIntent, "/api/create-payment-intent", {
      ...input,
      quantity: 10,
    });
    expect(recreated.status).toBe(409);

    const db = getDb();
    const demoSub = await db.demoSubscription.findUniqueOrThrow({ where: { id: created.body.subscriptionId! } });
    expect(demoSub).toMatchObject({ quantity: 1, latestPaymentIntentId: created.body.paymentIntentId });
    const intent = await db.demoPaymentIntent.findUniqueOrThrow({ where: { id: created.body.paymentIntentId } });
    expect(intent.status).toBe("succeeded");
    const order = await db.order.findUniqueOrThrow({
      where: { id: created.body.transactionId },
      include: { subscription: true },
    });
    expect(order).toMatchObject({ quantity: 1, totalAmount: 50_000, providerPaymentId: created.body.paymentIntentId });
    expect(order.subscription?.providerSubscriptionId).toBe(created.body.subscriptionId);

    const success = await claimSeats(browser, created.body, input);
    expect(success.status).toBe(200);
    expect(success.body.loginDetails.seatsCount).toBe(1);
    // Monthly billing from the payment that activated it (on the demo clock, not advanced here).
    const stored = await db.subscription.findUniqueOrThrow({ where: { orderId: created.body.transactionId } });
    const period = await db.demoSubscription.findUniqueOrThrow({ where: { id: created.body.subscriptionId! } });
    expect(Math.abs(period.currentPeriodStart!.getTime() - intent.updatedAt.getTime())).toBeLessThan(5_000);
    expect(stored.status).toBe("active");
    expect(stored.currentPeriodEnd?.toISOString()).toBe(addOneMonth(period.currentPeriodStart!).toISOString());
  });

  it.each([0, 51, -1, 1.5, "10", null])("refuses quantity %j with 400 and makes no change", async (quantity) => {
    const browser = new Browser();
    const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", buyer("team-training-seat"));
    const r = await browser.call<ErrorBody>(updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/quantity must be an integer between 1 and 50/);
    const sub = await getDb().subscription.findUniqueOrThrow({ where: { orderId: created.body.transactionId } });
    expect(sub.quantity).toBe(1);
  });

  it("says a cancelled subscription was cancelled (not paid), and a new checkout starts afresh", async () => {
    const browser = new Browser();
    const input = buyer("team-training-seat", 2);
    const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    await getDb().order.update({ where: { id: created.body.transactionId }, data: { status: "CANCELED" } });
    const r = await browser.call<ErrorBody>(updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity: 3,
    });
    expect(r.status).toBe(409);
    expect(r.body.error).toEqual({
      code: "canceled",
      message: "This subscription was cancelled. Please refresh the page to start again.",
    });
    const again = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
    expect(again.status).toBe(200);
    expect(again.body.transactionId).not.toBe(created.body.transactionId);
    expect(again.body.subscriptionId).not.toBe(created.body.subscriptionId);
  });

  it("answers 404 for another browser's subscription and 400 for an amount key", async () => {
    const owner = new Browser();
    const created = await owner.call<Intent>(createIntent, "/api/create-payment-intent", buyer("team-training-seat"));
    const stranger = new Browser();
    const r = await stranger.call(updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity: 3,
    });
    expect(r.status).toBe(404);
    const withAmount = await owner.call(updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity: 3,
      amount: 1,
    });
    expect(withAmount.status).toBe(400);
    expect(
      (await owner.call(createIntent, "/api/create-payment-intent", { ...buyer("team-training-seat", 51) })).status,
    ).toBe(400);
  });
});
