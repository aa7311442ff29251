import { describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { QUEUES } from "@/lib/platform/shared/queues";
import { sendRecoveryEmails } from "@/lib/payments/server/checkout-recovery";
import { signRecoveryToken } from "@/lib/payments/server/recovery-token";
import { resumableCheckout } from "@/lib/payments/server/resume-checkout";
import { getDb } from "@/lib/platform/server/db";
import { Browser, buyer } from "../payments/helpers";
import { workOff } from "@/tests/support/jobs";
import { backdateOrder, minutesBefore, orderEmails, settle } from "./helpers";

// Abandoned checkout recovery (demo gateway, CHECKOUT_RECOVERY_MINUTES at its default of 60 and
// no second e-mail configured): one e-mail per unpaid order an hour after the e-mail was given,
// none after payment, none twice; its link resumes that very order and pays it once.

type Intent = { clientSecret: string; paymentIntentId: string; transactionId: string; contactId: string };
const NOW = new Date();
const DAY_MIN = 24 * 60;
const card = { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" };

async function abandoned(minutesAgo: number, productId = "fast-forward-book") {
  const browser = new Browser();
  const input = buyer(productId);
  const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
  expect(created.status).toBe(200);
  await backdateOrder(created.body.transactionId, minutesBefore(NOW, minutesAgo));
  return { browser, input, intent: created.body };
}

function tokenIn(html: string): string {
  const match = /\/checkout\/resume\?token=([A-Za-z0-9._-]+)/.exec(html);
  if (!match?.[1]) throw new Error("no resume link in the e-mail");
  return match[1];
}

describe("checkout recovery", () => {
  it("e-mails only unpaid orders past the hour, once, and never a paid one", async () => {
    const due = await abandoned(61);
    const notYet = await abandoned(59);
    const tooLate = await abandoned(61 + DAY_MIN);
    const paidAtGateway = await abandoned(90, "ai-step-by-step");
    await paidAtGateway.browser.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: paidAtGateway.intent.clientSecret,
      card,
    });

    expect(await sendRecoveryEmails(NOW)).toEqual({ due: 2, sent: 1, skipped: 1, errors: 0 });
    const [email, ...more] = await orderEmails(due.intent.transactionId, "checkout-recovery");
    expect(more).toHaveLength(0);
    expect(email).toMatchObject({ recipient: due.input.email, prospectId: null });
    expect(email!.text).toContain("/checkout/resume?token=");
    expect(await getDb().order.findUniqueOrThrow({ where: { id: due.intent.transactionId } })).toMatchObject({
      recoveryEmails: 1,
      recoveryEmailedAt: NOW,
    });
    for (const other of [notYet, tooLate, paidAtGateway]) {
      expect(await orderEmails(other.intent.transactionId, "checkout-recovery")).toHaveLength(0);
    }
    // The paid order was fulfilled by the check instead (its e-mail is the receipt).
    expect(await orderEmails(paidAtGateway.intent.transactionId, "purchase-confirmation")).toHaveLength(1);

    // Later runs: nothing more for the reminded order, not even a day on (no second configured).
    expect(await sendRecoveryEmails(NOW)).toEqual({ due: 0, sent: 0, skipped: 0, errors: 0 });
    const dayLater = new Date(NOW.getTime() + 25 * 60 * 60 * 1000);
    await sendRecoveryEmails(dayLater);
    expect(await orderEmails(due.intent.transactionId, "checkout-recovery")).toHaveLength(1);
    expect((await settle(email!.id, () => workOff(QUEUES.email))).status).toBe("LOGGED");
  });

  it("sends one e-mail when runs overlap", async () => {
    const order = await abandoned(70 + 2 * DAY_MIN);
    const at = minutesBefore(NOW, 2 * DAY_MIN);
    const runs = await Promise.all([sendRecoveryEmails(at), sendRecoveryEmails(at), sendRecoveryEmails(at)]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
    expect(await orderEmails(order.intent.transactionId, "checkout-recovery")).toHaveLength(1);
  });

  it("skips an order whose buyer bought the product through another checkout", async () => {
    const first = await abandoned(65 + 4 * DAY_MIN);
    const again = new Browser();
    const second = await again.call<Intent>(createIntent, "/api/create-payment-intent", {
      ...buyer("fast-forward-book"),
      email: first.input.email,
    });
    await again.call(confirmDemo, "/api/demo-payments/confirm", { clientSecret: second.body.clientSecret, card });
    await again.call(paymentSuccess, "/api/payment-success", {
      contactId: second.body.contactId,
      transactionId: second.body.transactionId,
    });
    const at = minutesBefore(NOW, 4 * DAY_MIN);
    expect(await sendRecoveryEmails(at)).toMatchObject({ due: 1, sent: 0, skipped: 1 });
    expect(await orderEmails(first.intent.transactionId, "checkout-recovery")).toHaveLength(0);
  });

  it("works past a page of orders skipped run after run to reach a newer one", async () => {
    const at = minutesBefore(NOW, 8 * DAY_MIN);
    const buyerEmail = `many-${Date.now()}@example.com`;
    const row = (n: number, extra: Record<string, unknown> = {}) => ({
      contactId: `many-${n}`,
      email: buyerEmail,
      name: "Many Tabs",
      productId: "fast-forward-book",
      productName: "Fast Forward (digital book)",
      isSubscription: false,
      quantity: 1,
      unitPrice: 700,
      totalAmount: 700,
      browserId: "00000000-0000-4000-8000-000000000000",
      gateway: "demo",
      providerPaymentId: `pi_many_${buyerEmail}_${n}`,
      idempotencyKey: `many:${buyerEmail}:${n}`,
      createdAt: minutesBefore(at, 300 - n),
      ...extra,
    });
    // This address bought the book once; its 120 other open checkouts are skipped without a call.
    await getDb().order.createMany({
      data: [
        row(0, { status: "SUCCEEDED", fulfilledAt: minutesBefore(at, 400) }),
        ...Array.from({ length: 120 }, (_, i) => row(i + 1)),
      ],
    });
    const newest = await abandoned(8 * DAY_MIN + 65);
    expect(await sendRecoveryEmails(at)).toEqual({ due: 121, sent: 1, skipped: 120, errors: 0 });
    expect(await orderEmails(newest.intent.transactionId, "checkout-recovery")).toHaveLength(1);
  });

  it("links to a checkout for that order, payable once from another browser", async () => {
    const order = await abandoned(75 + 6 * DAY_MIN);
    const at = minutesBefore(NOW, 6 * DAY_MIN);
    await sendRecoveryEmails(at);
    const [email] = await orderEmails(order.intent.transactionId, "checkout-recovery");
    const token = tokenIn(email!.html);

    const ready = await resumableCheckout(token);
    expect(ready).toMatchObject({
      kind: "ready",
      transactionId: order.intent.transactionId,
      paymentIntentId: order.intent.paymentIntentId,
      clientSecret: order.intent.clientSecret,
      email: order.input.email,
      amount: 700,
      quantity: 1,
    });
    // Another browser (the phone the e-mail was opened on) pays and claims with the secret.
    const phone = new Browser();
    expect(
      (await phone.call(confirmDemo, "/api/demo-payments/confirm", { clientSecret: order.intent.clientSecret, card }))
        .status,
    ).toBe(200);
    const claimed = await phone.call<{ loginDetails: { password?: string } }>(paymentSuccess, "/api/payment-success", {
      contactId: order.intent.contactId,
      transactionId: order.intent.transactionId,
      paymentIntentId: order.intent.paymentIntentId,
      clientSecret: order.intent.clientSecret,
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body.loginDetails.password).toEqual(expect.any(String));
    expect(await resumableCheckout(token)).toEqual({ kind: "paid" });
    expect(await orderEmails(order.intent.transactionId, "purchase-confirmation")).toHaveLength(1);
  });

  it("answers a bad, tampered or expired link as invalid", async () => {
    const order = await abandoned(80);
    const token = signRecoveryToken(order.intent.transactionId);
    expect((await resumableCheckout(token)).kind).toBe("ready");
    expect(await resumableCheckout("")).toEqual({ kind: "invalid" });
    expect(await resumableCheckout("not-a-token")).toEqual({ kind: "invalid" });
    const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(await resumableCheckout(flipped)).toEqual({ kind: "invalid" });
    const otherOrder = token.replace(/^[0-9a-f]/, (c) => (c === "0" ? "1" : "0"));
    expect(await resumableCheckout(otherOrder)).toEqual({ kind: "invalid" });
    const eightDaysOn = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect(await resumableCheckout(token, eightDaysOn)).toEqual({ kind: "invalid" });
  });
});
