import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { verifyCardUpdate } from "@/lib/billing/server/card-update-link";
import { sweepDunning } from "@/lib/billing/server/sweep-dunning";
import { readDunningStates } from "@/lib/billing/server/read-dunning-states";
import { handoffRevoked } from "@/lib/payments/server/handoff-revocation";
import { DAY_MS } from "@/lib/shared/dates";
import type { DoubleEvent, StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer, createdIntent, enterStripeCheckout, type PaymentRoutes } from "../payments/helpers";
import { cardUpdateToken, dunningMails } from "../../support/dunning";
import { seededShuffle } from "../../support/shuffle";

// Dunning in Stripe mode: Stripe retries (Smart Retries) and its webhooks, shuffled and twice,
// record the invoice; the sweep e-mails on our schedule, recovers when the invoice turns paid, and
// at the end cancels the subscription through the API and revokes the access.

const WEBHOOK_SECRET = "whsec_dunning_stripe_test_secret_0123";
const MONTH = 31 * 24 * 3600;
const SEAT = 50_000;
const SEED = Date.now() % 1_000_000;
let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes;
let round = 0;

type Intent = { paymentIntentId: string; subscriptionId: string; transactionId: string };

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout(WEBHOOK_SECRET));
});

afterAll(() => stripeMode.leave());

async function deliverShuffledTwice(events: DoubleEvent[]): Promise<void> {
  round += 1;
  for (const event of seededShuffle([...events, ...events], SEED + round)) {
    expect(await stripeMode.deliver(event), `seed ${SEED}, ${event.type}`).toBe(200);
  }
}

/** A paid seat subscription whose first renewal Stripe could not charge; the failed invoice's intent. */
async function failedRenewal(seats: number) {
  const browser = new Browser();
  const intent = await createdIntent<Intent>(browser, routes.createIntent, buyer("team-training-seat", seats));
  await deliverShuffledTwice(double.succeed(intent.paymentIntentId));
  const success = await browser.call(routes.paymentSuccess, "/api/payment-success", {
    subscriptionId: intent.subscriptionId,
    transactionId: intent.transactionId,
  });
  expect(success.status).toBe(200);
  const failing = double.advanceClock(MONTH, { [intent.subscriptionId]: "failed" });
  await deliverShuffledTwice(failing);
  const invoice = failing.find((e) => e.type === "invoice.payment_failed")!.data.object;
  const secret = (invoice.confirmation_secret as { client_secret: string }).client_secret;
  const subscription = await getDb().subscription.findUniqueOrThrow({ where: { orderId: intent.transactionId } });
  expect(subscription.status).toBe("past_due");
  return { intent, subscription, retryIntentId: secret.slice(0, secret.indexOf("_secret_")) };
}

const day = (n: number) => new Date(Date.now() + n * DAY_MS);
const caseOf = (subscriptionId: string) => getDb().dunningCase.findFirstOrThrow({ where: { subscriptionId } });

describe("dunning in Stripe mode", () => {
  it("e-mails on day 0 and 3; Stripe's retry after a card change recovers the case", async () => {
    const { intent, subscription, retryIntentId } = await failedRenewal(3);
    expect(await sweepDunning({ now: day(0) })).toMatchObject({ opened: 1, notices: 1 });
    const [day0] = await dunningMails(intent.transactionId);
    expect(day0!.text).toContain("We could not charge $1,500 for your");
    expect(verifyCardUpdate(cardUpdateToken(day0!))?.subscriptionId).toBe(subscription.id);
    expect(await sweepDunning({ now: day(3) })).toMatchObject({ notices: 1 });
    expect((await readDunningStates([subscription.id])).get(subscription.id)).toMatchObject({
      state: "open",
      amountDue: 3 * SEAT,
      nextStep: "reminder",
    });

    // The buyer's new card lets Stripe's next retry pay the invoice.
    await deliverShuffledTwice(double.succeed(retryIntentId));
    expect(
      (await getDb().subscriptionInvoice.findFirstOrThrow({ where: { subscriptionId: subscription.id } })).status,
    ).toBe("paid");
    expect(await sweepDunning({ now: day(7) })).toMatchObject({ recovered: 1, notices: 0 });
    expect(await caseOf(subscription.id)).toMatchObject({ state: "recovered" });
    expect(await sweepDunning({ now: day(15) })).toMatchObject({ notices: 0, ended: 0 });
    expect(await dunningMails(intent.transactionId)).toHaveLength(2);
    expect((await getDb().subscription.findUniqueOrThrow({ where: { id: subscription.id } })).status).toBe("active");
    expect(double.requests.filter((r) => r.method === "DELETE")).toHaveLength(0);
  });

  it("ends unpaid: cancelled through the API, access revoked, last notice sent; paying later restores access", async () => {
    const db = getDb();
    const { intent, subscription, retryIntentId } = await failedRenewal(1);
    const token = await db.handoffToken.findFirstOrThrow({ where: { orderId: intent.transactionId } });
    for (const n of [0, 3, 7, 10]) await sweepDunning({ now: day(n) });
    expect((await dunningMails(intent.transactionId)).at(-1)?.subject).toMatch(/^Last notice: .* access ends on /);

    const deletesBefore = double.requests.filter((r) => r.method === "DELETE").length;
    const before = double.events.length;
    // Two workers reach the end at once: one cancellation, one notice.
    const [a, b] = await Promise.all([sweepDunning({ now: day(14) }), sweepDunning({ now: day(14) })]);
    expect(a.ended + b.ended).toBe(1);
    expect(double.get(intent.subscriptionId)).toMatchObject({ status: "canceled" });
    const deletes = double.requests.filter((r) => r.method === "DELETE").slice(deletesBefore);
    expect(deletes.length).toBeGreaterThanOrEqual(1);
    expect(deletes.every((r) => r.idempotencyKey === `${intent.subscriptionId}:cancel_now`)).toBe(true);
    // Stripe's customer.subscription.deleted arrives afterwards, shuffled and twice: nothing changes.
    await deliverShuffledTwice(double.events.slice(before));
    expect(await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      status: "canceled",
    });
    const ended = await caseOf(subscription.id);
    expect(ended.state).toBe("ended");
    expect((await db.issuedAccount.findUniqueOrThrow({ where: { orderId: intent.transactionId } })).revokedAt).toEqual(
      ended.accessRevokedAt,
    );
    expect(await handoffRevoked(token.jti)).toBe(true);
    const mails = await dunningMails(intent.transactionId);
    expect(mails).toHaveLength(5);
    expect(mails.at(-1)?.subject).toMatch(/subscription has ended$/);

    // The buyer pays the open invoice afterwards: the access comes back, the subscription stays ended.
    await deliverShuffledTwice(double.succeed(retryIntentId));
    expect(await sweepDunning({ now: day(16) })).toMatchObject({ restored: 1, notices: 0 });
    expect(
      (await db.issuedAccount.findUniqueOrThrow({ where: { orderId: intent.transactionId } })).revokedAt,
    ).toBeNull();
    expect((await db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).status).toBe("canceled");
    expect(await dunningMails(intent.transactionId)).toHaveLength(5);
  });
});
