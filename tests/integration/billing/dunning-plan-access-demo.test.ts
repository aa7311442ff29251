import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { advanceDemoClock } from "@/lib/payments/server/demo-clock";
import { renewDemoSubscriptions } from "@/lib/payments/server/renew-demo-subscriptions";
import { retryDemoRenewal } from "@/lib/payments/server/retry-demo-renewal";
import { handoffRevoked } from "@/lib/payments/server/handoff-revocation";
import { verifyHandoffToken } from "@/lib/payments/server/handoff-token";
import { forgetCatalog } from "@/lib/payments/server/read-catalog";
import type { PlanAccessRule } from "@/lib/payments/shared/payment-plan";
import { advanceDemoBilling } from "@/lib/billing/server/advance-demo-billing";
import { sweepDunning } from "@/lib/billing/server/sweep-dunning";
import { updateCardByLink } from "@/lib/billing/server/update-buyer-card";
import { demoPurchase, type Purchase } from "../console/purchase";
import { signedInOperator } from "../../support/operator-session";
import { COURSE, INSTALMENT, publishCoursePlan } from "../../support/payment-plans";
import { cardUpdateToken, dunningMails, GOOD_CARD, replaceDemoCard } from "../../support/dunning";

// A payment plan sold "paused while overdue": from the failed instalment's first dunning step the
// order's account and hand-off tokens are refused, and paying the instalment gives the account
// back; unpaid at the end, the pause becomes the end's revocation. "Full access" keeps it throughout.

const DECLINES_LATER = "4000 0000 0000 0341";
const COMMAND = { operatorId: null, ip: null, via: "command" } as const;

let ownerId: string;
beforeAll(async () => {
  ownerId = (await signedInOperator({ role: "owner" })).operatorId;
});

/** The course on a 3-instalment plan under `rule`, its second instalment declined (the demo clock a month on). */
async function overduePlan(rule: PlanAccessRule) {
  await publishCoursePlan(ownerId, { accessRule: rule });
  forgetCatalog();
  const purchase = await demoPurchase(COURSE, 1, undefined, undefined, DECLINES_LATER, "plan");
  const db = getDb();
  const subscription = await db.subscription.findUniqueOrThrow({ where: { orderId: purchase.orderId } });
  expect(subscription.planAccessRule).toBe(rule);
  await advanceDemoClock(31);
  await renewDemoSubscriptions();
  const invoice = await db.subscriptionInvoice.findFirstOrThrow({ where: { subscriptionId: subscription.id } });
  expect(invoice).toMatchObject({ status: "failed", amount: INSTALMENT });
  return { purchase, subscription, invoice };
}

const accountOf = (orderId: string) => getDb().issuedAccount.findUniqueOrThrow({ where: { orderId } });
const caseOf = (subscriptionId: string) => getDb().dunningCase.findFirstOrThrow({ where: { subscriptionId } });

/** The hand-off token the success page gives on a later visit, and whether the contract side refuses it. */
async function handoffOnRevisit(purchase: Purchase): Promise<{ token: string; refused: boolean }> {
  const claimed = await purchase.claim();
  expect(claimed.status).toBe(200);
  const token = claimed.body.token!;
  return { token, refused: await handoffRevoked((await verifyHandoffToken(token)).jti) };
}

describe("a payment plan's access while an instalment is overdue", () => {
  it("paused_while_overdue: refused from day 0, given back when the buyer pays with a new card", async () => {
    const { purchase, subscription } = await overduePlan("paused_while_overdue");
    const first = await verifyHandoffToken(purchase.token);
    expect(await handoffRevoked(first.jti)).toBe(false);

    expect(await sweepDunning()).toMatchObject({ opened: 1, notices: 1 });
    const paused = await caseOf(subscription.id);
    expect(paused).toMatchObject({ state: "open", nextStep: 1 });
    expect(paused.accessRevokedAt).toBeInstanceOf(Date);
    expect((await accountOf(purchase.orderId)).revokedAt).toEqual(paused.accessRevokedAt);
    expect(await handoffRevoked(first.jti)).toBe(true);
    // A later visit to the success page is handed no live token while the pause lasts.
    expect((await handoffOnRevisit(purchase)).refused).toBe(true);
    // Later sweeps keep the pause's stamp (what paying gives back).
    await advanceDemoBilling(3, COMMAND);
    expect((await caseOf(subscription.id)).accessRevokedAt).toEqual(paused.accessRevokedAt);

    const [day0] = await dunningMails(purchase.orderId);
    const paid = await updateCardByLink({
      token: cardUpdateToken(day0!),
      card: { number: GOOD_CARD, expiry: "12 / 40", cvc: "123" },
    });
    expect(paid).toMatchObject({ overduePaid: true, status: "active" });
    // At once, not at the next sweep: the case is recovered and the account is back.
    const recovered = await caseOf(subscription.id);
    expect(recovered).toMatchObject({ state: "recovered", nextStepAt: null });
    expect(recovered.accessRestoredAt).toBeInstanceOf(Date);
    expect((await accountOf(purchase.orderId)).revokedAt).toBeNull();
    const again = await handoffOnRevisit(purchase);
    expect(again.refused).toBe(false);
    expect(again.token).not.toBe(purchase.token);
    expect(await sweepDunning()).toMatchObject({ restored: 0, notices: 0 });
  });

  it("paused_while_overdue, never paid: the end keeps the pause's stamp, and a later payment still restores", async () => {
    const db = getDb();
    const { purchase, subscription, invoice } = await overduePlan("paused_while_overdue");
    await sweepDunning();
    const pausedAt = (await caseOf(subscription.id)).accessRevokedAt;
    expect(pausedAt).toBeInstanceOf(Date);
    for (const days of [3, 4, 3, 4]) await advanceDemoBilling(days, COMMAND);
    const ended = await caseOf(subscription.id);
    expect(ended).toMatchObject({ state: "ended", accessRevokedAt: pausedAt });
    expect((await accountOf(purchase.orderId)).revokedAt).toEqual(pausedAt);

    await replaceDemoCard(purchase.subscriptionId!);
    expect(await db.$transaction((tx) => retryDemoRenewal(invoice, tx))).toBe("paid");
    expect(await sweepDunning()).toMatchObject({ restored: 1 });
    expect((await accountOf(purchase.orderId)).revokedAt).toBeNull();
  });

  it("full_on_first: the access stays while overdue and after an unpaid end", async () => {
    const { purchase, subscription } = await overduePlan("full_on_first");
    const first = await verifyHandoffToken(purchase.token);
    await sweepDunning();
    expect((await caseOf(subscription.id)).accessRevokedAt).toBeNull();
    expect(await handoffRevoked(first.jti)).toBe(false);
    for (const days of [3, 4, 3, 4]) await advanceDemoBilling(days, COMMAND);
    expect(await caseOf(subscription.id)).toMatchObject({ state: "ended", accessRevokedAt: null });
    expect((await accountOf(purchase.orderId)).revokedAt).toBeNull();
  });
});
