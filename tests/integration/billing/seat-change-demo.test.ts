import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";
import { buyerSubscriptions } from "@/lib/billing/server/read-buyer-subscriptions";
import { advanceDemoClock } from "@/lib/payments/server/demo-clock";
import { renewDemoSubscriptions } from "@/lib/payments/server/renew-demo-subscriptions";
import { prorateSeats } from "@/lib/payments/shared/seat-proration";
import { billingSessionOf } from "@/tests/support/email-links";
import { buyerChangesOf, buyerSeatChange, confirmBuyerSeats, seatChangeRows } from "@/tests/support/buyer-changes";
import { SEAT_CENTS } from "@/tests/support/demo-renewals";
import { replaceDemoCard } from "@/tests/support/dunning";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { demoPurchase } from "../console/purchase";

// The buyer's seat change on the billing page, demo gateway: the preview's amount is what the card
// pays now (prorated to the second), a removal's credit comes off the next renewal, and each change
// is one seat_changes row, one audit row by the buyer's hash and one subscription.updated event.

async function signedInSeats(seats: number) {
  const purchase = await demoPurchase("team-training-seat", seats);
  const order = await getDb().order.findUniqueOrThrow({
    where: { id: purchase.orderId },
    include: { subscription: true },
  });
  return { order, subscription: order.subscription!, cookie: await billingSessionOf(order.email) };
}

const failure = async (response: Response) => ({ status: response.status, ...(await errorOf(response)) });

const demoSubscription = (id: string) => getDb().demoSubscription.findUniqueOrThrow({ where: { id } });

describe("demo gateway: the buyer changes seats", () => {
  it("charges the previewed proration for added seats, once, and records who changed them", async () => {
    const { order, subscription, cookie } = await signedInSeats(3);
    await advanceDemoClock(10);
    const { preview, confirmed } = await buyerSeatChange(cookie, subscription.id, 5);
    expect(preview.status).toBe(200);
    expect(confirmed).toMatchObject({ status: 200, body: { seats: 5, previousSeats: 3 } });

    const rows = await seatChangeRows(order.id);
    expect(rows.subscription.quantity).toBe(5);
    expect((await demoSubscription(subscription.providerSubscriptionId)).quantity).toBe(5);
    const [charge] = rows.invoices;
    expect(rows.invoices).toHaveLength(1);
    const demo = await demoSubscription(subscription.providerSubscriptionId);
    // The charge is the pure proration from the preview's instant (the invoice's period start).
    const expected = prorateSeats({
      unitAmount: SEAT_CENTS,
      fromSeats: 3,
      toSeats: 5,
      periodStart: demo.currentPeriodStart!,
      periodEnd: demo.currentPeriodEnd!,
      at: charge!.periodStart,
    });
    expect(charge).toMatchObject({ amount: preview.body.dueNow, quantity: 5, status: "paid" });
    expect(expected.net).toBe(preview.body.dueNow);
    expect(preview.body).toMatchObject({ previousSeats: 3, seats: 5, credit: 0, nextRenewal: 5 * SEAT_CENTS });
    // About two thirds of two seats' month is left after ten days.
    expect(preview.body.dueNow).toBeGreaterThan(2 * SEAT_CENTS * 0.6);
    expect(preview.body.dueNow).toBeLessThan(2 * SEAT_CENTS * 0.75);
    const intent = await getDb().demoPaymentIntent.findUniqueOrThrow({ where: { id: charge!.providerInvoiceId } });
    expect(intent).toMatchObject({ amount: preview.body.dueNow, status: "succeeded" });

    // The same confirmation again (a double click) changes and charges nothing more.
    expect(await confirmBuyerSeats(cookie, subscription.id, 5, preview.body.quote)).toMatchObject({ status: 200 });
    const again = await seatChangeRows(order.id);
    expect(again.invoices).toHaveLength(1);
    expect(again.changes).toMatchObject([{ fromQuantity: 3, toQuantity: 5, operatorId: null }]);
    expect(again.changes[0]!.appliedAt).not.toBeNull();

    const changes = await buyerChangesOf(order.id);
    expect(changes.audit).toEqual([
      {
        action: "billing.seats",
        operatorId: null,
        details: {
          actor: "buyer",
          buyer: addressHash(order.email),
          via: "session",
          providerSubscriptionId: subscription.providerSubscriptionId,
          from: 3,
          to: 5,
        },
      },
    ]);
    expect(changes.events).toMatchObject([{ change: { kind: "seats", from: 3, to: 5 }, seats: 5, source: "buyer" }]);
    const seatAudit = await getDb().auditLog.count({ where: { targetId: order.id, action: "order.change_seats" } });
    expect(seatAudit).toBe(0);
  });

  it("credits removed seats and takes the credit off the next renewal", async () => {
    const { order, subscription, cookie } = await signedInSeats(5);
    await advanceDemoClock(15);
    const { preview, confirmed } = await buyerSeatChange(cookie, subscription.id, 3);
    expect(confirmed?.status).toBe(200);
    const credit = preview.body.credit;
    expect(credit).toBeGreaterThan(0);
    expect(preview.body).toMatchObject({ dueNow: 0, nextRenewal: 3 * SEAT_CENTS - credit });
    expect((await demoSubscription(subscription.providerSubscriptionId)).creditBalance).toBe(credit);
    expect((await seatChangeRows(order.id)).invoices).toEqual([]);
    // The billing page's renewal line takes the credit off.
    expect(await buyerSubscriptions(order.email)).toMatchObject([{ nextAmount: 3 * SEAT_CENTS, credit }]);

    await advanceDemoClock(20);
    await renewDemoSubscriptions();
    const rows = await seatChangeRows(order.id);
    expect(rows.invoices).toMatchObject([{ quantity: 3, amount: 3 * SEAT_CENTS - credit, status: "paid" }]);
    expect((await demoSubscription(subscription.providerSubscriptionId)).creditBalance).toBe(0);
    expect(await buyerSubscriptions(order.email)).toMatchObject([{ credit: 0 }]);
  });

  it("changes nothing when the card on file declines the charge", async () => {
    const { order, subscription, cookie } = await signedInSeats(3);
    await replaceDemoCard(subscription.providerSubscriptionId, "4000 0000 0000 0341");
    const { confirmed } = await buyerSeatChange(cookie, subscription.id, 4);
    expect(confirmed).toMatchObject({ status: 409, body: { error: { code: "card_refused" } } });
    const rows = await seatChangeRows(order.id);
    expect(rows.subscription.quantity).toBe(3);
    expect(rows.changes).toEqual([]);
    expect(rows.invoices).toEqual([]);
    expect((await demoSubscription(subscription.providerSubscriptionId)).quantity).toBe(3);
    expect((await buyerChangesOf(order.id)).events).toEqual([]);
  });

  it("refuses counts outside the catalog's range, forged or stale quotes, and other buyers", async () => {
    const { subscription, cookie } = await signedInSeats(3);
    const { POST: previewRoute } = await import("@/app/api/billing/seats/preview/route");
    const preview = (body: unknown, cookieValue?: string) =>
      previewRoute(jsonRequest("/api/billing/seats/preview", body, cookieValue ? { cookie: cookieValue } : {}));
    expect(await failure(await preview({ subscriptionId: subscription.id, seats: 0 }, cookie))).toMatchObject({
      status: 400,
    });
    expect(await failure(await preview({ subscriptionId: subscription.id, seats: 51 }, cookie))).toMatchObject({
      status: 400,
      code: "quantity_too_large",
    });
    expect(await failure(await preview({ subscriptionId: subscription.id, seats: 3 }, cookie))).toMatchObject({
      status: 400,
      code: "invalid_request",
    });
    expect(
      await failure(await preview({ subscriptionId: subscription.id, seats: 4, amount: 1 }, cookie)),
    ).toMatchObject({ status: 400 });
    expect(await failure(await preview({ subscriptionId: subscription.id, seats: 4 }))).toMatchObject({ status: 401 });
    const other = await signedInSeats(2);
    expect(await failure(await preview({ subscriptionId: subscription.id, seats: 4 }, other.cookie))).toMatchObject({
      status: 404,
    });

    const { preview: shown } = await buyerSeatChange(cookie, subscription.id, 4, { confirm: false });
    const quote = shown.body.quote;
    const forged = `${quote.slice(0, -2)}xx`;
    expect(await confirmBuyerSeats(cookie, subscription.id, 4, forged)).toMatchObject({ status: 409 });
    // A quote is for its count only.
    expect(await confirmBuyerSeats(cookie, subscription.id, 6, quote)).toMatchObject({ status: 409 });
    // Another buyer cannot use it either.
    expect(await confirmBuyerSeats(other.cookie, subscription.id, 4, quote)).toMatchObject({ status: 404 });
    // The seats changed since the preview (here by another preview's confirmation): look again.
    expect((await buyerSeatChange(cookie, subscription.id, 2)).confirmed?.status).toBe(200);
    expect(await confirmBuyerSeats(cookie, subscription.id, 4, quote)).toMatchObject({ status: 409 });
    expect((await getDb().subscription.findUniqueOrThrow({ where: { id: subscription.id } })).quantity).toBe(2);
  });
});
