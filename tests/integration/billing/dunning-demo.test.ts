import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { getBoss } from "@/lib/platform/server/jobs/boss";
import { QUEUES } from "@/lib/platform/shared/queues";
import { advanceDemoClock } from "@/lib/payments/server/demo-clock";
import { renewDemoSubscriptions } from "@/lib/payments/server/renew-demo-subscriptions";
import { retryDemoRenewal } from "@/lib/payments/server/retry-demo-renewal";
import { handoffRevoked } from "@/lib/payments/server/handoff-revocation";
import { verifyCardUpdate } from "@/lib/billing/server/card-update-link";
import { advanceDemoBilling } from "@/lib/billing/server/advance-demo-billing";
import { sweepDunning } from "@/lib/billing/server/sweep-dunning";
import { readDunningStates } from "@/lib/billing/server/read-dunning-states";
import { suppressAddress } from "@/lib/platform/server/mail/suppression-list";
import { POST as cancelRoute } from "@/app/api/admin/orders/cancel-subscription/route";
import { demoPurchase } from "../console/purchase";
import { adminRequest, signedInOperator } from "../../support/operator-session";
import { workOff } from "../../support/jobs";
import { cardUpdateToken, dunningMails, replaceDemoCard } from "../../support/dunning";

// A declined renewal on the demo gateway, through the schedule on the demo clock: the notices with
// their card-update link, the demo retries, a recovery by a card change, an end that cancels the
// subscription and revokes the access, and a later payment that gives the access back.

const SEAT = 50_000;
const PRODUCT = "Realtime AI Academy team training";
const DECLINES_LATER = "4000 0000 0000 0341";
const COMMAND = { operatorId: null, ip: null, via: "command" } as const;

/** A team subscription whose first renewal has just failed (the demo clock a month on, billed). */
async function failedRenewal(seats = 2) {
  const purchase = await demoPurchase("team-training-seat", seats, undefined, undefined, DECLINES_LATER);
  const db = getDb();
  const subscription = await db.subscription.findUniqueOrThrow({ where: { orderId: purchase.orderId } });
  await advanceDemoClock(31);
  await renewDemoSubscriptions();
  const invoice = await db.subscriptionInvoice.findFirstOrThrow({ where: { subscriptionId: subscription.id } });
  expect(invoice.status).toBe("failed");
  return { purchase, subscription, invoice };
}

const caseOf = (subscriptionId: string) => getDb().dunningCase.findFirstOrThrow({ where: { subscriptionId } });

describe("dunning on the demo gateway", () => {
  it("e-mails on day 0 with a link for that subscription, retries on day 3, recovers after a card change", async () => {
    const db = getDb();
    const { purchase, subscription, invoice } = await failedRenewal(2);
    // Marketing opt-outs do not stop a transactional notice.
    await suppressAddress(
      (await db.order.findUniqueOrThrow({ where: { id: purchase.orderId } })).email,
      "UNSUBSCRIBE_LINK",
    );

    const first = await sweepDunning();
    expect(first).toMatchObject({ opened: 1, notices: 1 });
    const [day0] = await dunningMails(purchase.orderId);
    expect(day0).toMatchObject({ subject: `Your ${PRODUCT} payment did not go through` });
    expect(day0!.text).toContain("We could not charge $1,000 for your");
    expect(verifyCardUpdate(cardUpdateToken(day0!))?.subscriptionId).toBe(subscription.id);
    await workOff(QUEUES.email);
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: day0!.id } })).status).toBe("LOGGED");
    expect(await caseOf(subscription.id)).toMatchObject({ state: "open", nextStep: 1, invoiceId: invoice.id });
    const states = await readDunningStates([subscription.id]);
    expect(states.get(subscription.id)).toMatchObject({ state: "open", nextStep: "reminder", amountDue: 2 * SEAT });
    // Nothing more is due the same day, however often the sweep runs.
    expect(await sweepDunning()).toMatchObject({ opened: 0, notices: 0 });

    // Day 3: the retry declines again and the reminder goes out (the clock command runs the sweep).
    const day3 = await advanceDemoBilling(3, COMMAND);
    expect(day3.dunning).toMatchObject({ notices: 1, retriesPaid: 0 });
    expect((await dunningMails(purchase.orderId)).map((m) => m.subject)).toEqual([
      `Your ${PRODUCT} payment did not go through`,
      `Reminder: your ${PRODUCT} payment is still due`,
    ]);
    const retried = await db.demoPaymentIntent.findUniqueOrThrow({ where: { id: invoice.providerInvoiceId } });
    expect(retried).toMatchObject({ status: "requires_payment_method", lastErrorCode: "card_declined" });

    // The buyer saves a good card; the day-7 retry pays the same invoice: recovered, no e-mail.
    await replaceDemoCard(purchase.subscriptionId!);
    const day7 = await advanceDemoBilling(4, COMMAND);
    expect(day7.dunning).toMatchObject({ notices: 0, retriesPaid: 1, recovered: 1 });
    expect(await db.subscriptionInvoice.findMany({ where: { subscriptionId: subscription.id } })).toMatchObject([
      { id: invoice.id, status: "paid", amount: 2 * SEAT },
    ]);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "active",
    });
    expect(await caseOf(subscription.id)).toMatchObject({ state: "recovered", nextStepAt: null });
    expect((await readDunningStates([subscription.id])).get(subscription.id)).toMatchObject({
      state: "recovered",
      amountDue: 0,
      nextStepAt: null,
    });
    await advanceDemoBilling(10, COMMAND);
    expect(await dunningMails(purchase.orderId)).toHaveLength(2);
    expect((await db.issuedAccount.findUniqueOrThrow({ where: { orderId: purchase.orderId } })).revokedAt).toBeNull();
  });

  it("ends unpaid on day 14: last notice, subscription cancelled, access revoked; a later payment restores it", async () => {
    const db = getDb();
    const { purchase, subscription, invoice } = await failedRenewal(1);
    const token = await db.handoffToken.findFirstOrThrow({ where: { orderId: purchase.orderId } });
    await sweepDunning();
    for (const days of [3, 4, 3]) await advanceDemoBilling(days, COMMAND);
    const beforeEnd = await dunningMails(purchase.orderId);
    expect(beforeEnd.map((m) => m.subject.split(":")[0])).toEqual([
      `Your ${PRODUCT} payment did not go through`,
      "Reminder",
      "Reminder",
      "Last notice",
    ]);
    const openedAt = (await caseOf(subscription.id)).openedAt;
    const endsOn = new Date(openedAt.getTime() + 14 * 86_400_000).toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    expect(beforeEnd[3]!.subject).toBe(`Last notice: your ${PRODUCT} access ends on ${endsOn}`);
    expect(beforeEnd[3]!.text).toContain(endsOn);
    expect(await handoffRevoked(token.jti)).toBe(false);

    const end = await advanceDemoBilling(4, COMMAND);
    expect(end.dunning).toMatchObject({ ended: 1, notices: 1 });
    expect((await dunningMails(purchase.orderId)).at(-1)?.subject).toBe(`Your ${PRODUCT} subscription has ended`);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "canceled",
    });
    expect(await db.demoSubscription.findUniqueOrThrow({ where: { id: purchase.subscriptionId! } })).toMatchObject({
      status: "canceled",
    });
    const ended = await caseOf(subscription.id);
    expect(ended).toMatchObject({ state: "ended" });
    expect(ended.accessRevokedAt).toBeInstanceOf(Date);
    expect((await db.issuedAccount.findUniqueOrThrow({ where: { orderId: purchase.orderId } })).revokedAt).toEqual(
      ended.accessRevokedAt,
    );
    expect(await handoffRevoked(token.jti)).toBe(true);
    // The order stays paid (its month was), and nothing is billed or e-mailed after the end.
    expect((await db.order.findUniqueOrThrow({ where: { id: purchase.orderId } })).status).toBe("SUCCEEDED");
    await advanceDemoBilling(31, COMMAND);
    expect(await dunningMails(purchase.orderId)).toHaveLength(5);
    expect(await db.subscriptionInvoice.count({ where: { subscriptionId: subscription.id } })).toBe(1);

    // Later the buyer pays the open invoice with a good card: the access comes back, the subscription stays ended.
    await replaceDemoCard(purchase.subscriptionId!);
    expect(await db.$transaction((tx) => retryDemoRenewal(invoice, tx))).toBe("paid");
    expect(await sweepDunning()).toMatchObject({ restored: 1, notices: 0 });
    expect((await db.issuedAccount.findUniqueOrThrow({ where: { orderId: purchase.orderId } })).revokedAt).toBeNull();
    expect(await caseOf(subscription.id)).toMatchObject({ state: "ended" });
    expect((await caseOf(subscription.id)).accessRestoredAt).toBeInstanceOf(Date);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).status).toBe("canceled");
    expect(await sweepDunning()).toMatchObject({ restored: 0 });
  });

  it("an operator's cancel of an overdue subscription closes its case: no more reminders, no end step", async () => {
    const db = getDb();
    const { purchase, subscription } = await failedRenewal(1);
    await sweepDunning();
    const operator = await signedInOperator();
    const response = await cancelRoute(
      adminRequest("/api/admin/orders/cancel-subscription", {
        body: { orderId: purchase.orderId },
        cookie: operator.cookie,
      }),
    );
    expect(response.status).toBe(200);
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "past_due",
      cancelAtPeriodEnd: true,
    });
    expect(await caseOf(subscription.id)).toMatchObject({ state: "ended", nextStepAt: null, accessRevokedAt: null });

    for (const days of [3, 4, 3, 4]) await advanceDemoBilling(days, COMMAND);
    expect((await dunningMails(purchase.orderId)).map((m) => m.subject)).toEqual([
      `Your ${PRODUCT} payment did not go through`,
    ]);
    expect((await db.issuedAccount.findUniqueOrThrow({ where: { orderId: purchase.orderId } })).revokedAt).toBeNull();
  });

  it("a subscription ended by another path (as a provider's cancel records it) gets no more retries or reminders", async () => {
    const db = getDb();
    const { purchase, subscription } = await failedRenewal(1);
    await sweepDunning();
    // What a customer.subscription.deleted webhook records.
    await db.subscription.update({ where: { id: subscription.id }, data: { status: "canceled" } });

    await advanceDemoBilling(3, COMMAND);
    expect(await caseOf(subscription.id)).toMatchObject({ state: "ended", nextStepAt: null });
    for (const days of [4, 3, 4]) await advanceDemoBilling(days, COMMAND);
    expect(await dunningMails(purchase.orderId)).toHaveLength(1);
  });

  it("runs as the queue's job", async () => {
    const { purchase } = await failedRenewal(1);
    await getBoss().send(QUEUES.dunning, {});
    expect(await workOff(QUEUES.dunning)).toBe(1);
    expect(await dunningMails(purchase.orderId)).toHaveLength(1);
  });
});
