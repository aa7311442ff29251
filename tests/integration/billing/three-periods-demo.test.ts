import { describe, expect, it } from "vitest";
import { POST as cancellationRoute } from "@/app/api/billing/cancellation/route";
import { POST as cardRoute } from "@/app/api/billing/card/route";
import { getDb } from "@/lib/platform/server/db";
import { advanceDemoBilling } from "@/lib/billing/server/advance-demo-billing";
import { revenueReport } from "@/lib/console/server/revenue-report";
import { seatReport } from "@/lib/console/server/seat-report";
import { billingSessionOf } from "@/tests/support/email-links";
import { buyerChangesOf, buyerSeatChange, doubleRecords, seatChangeRows } from "@/tests/support/buyer-changes";
import { SEAT_CENTS } from "@/tests/support/demo-renewals";
import { dunningMails, GOOD_CARD } from "@/tests/support/dunning";
import { jsonRequest } from "@/tests/support/http";
import { demoPurchase } from "../console/purchase";

// Three billing periods on the demo gateway, the billing run's acceptance test: renewals that pay,
// one that fails and is recovered by the buyer's card update, one that fails and ends on dunning's
// day 14, a seat change mid-period and a cancellation at period end. Nothing is recorded twice and
// the reports show the money and MRR the periods made.

const DECLINES_LATER = "4000 0000 0000 0341";
const COMMAND = { operatorId: null, ip: null, via: "command" } as const;
const TEAM = "team-training-seat";

async function buyer(seats: number, card?: string) {
  const purchase = await demoPurchase(TEAM, seats, undefined, undefined, card);
  const order = await getDb().order.findUniqueOrThrow({
    where: { id: purchase.orderId },
    include: { subscription: true },
  });
  return { order, subscription: order.subscription!, cookie: await billingSessionOf(order.email) };
}

const teamRevenue = async (from: Date) => {
  const report = await revenueReport({ from, to: new Date(Date.now() + 86_400_000) });
  return report.products.find((p) => p.productId === TEAM)?.gross ?? 0;
};

describe("three billing periods on the demo gateway", () => {
  it("bills, recovers, ends, changes seats and cancels, each once, as the reports show", async () => {
    const from = new Date(Date.now() - 1_000);
    const revenueBefore = await teamRevenue(from);
    const mrrBefore = (await seatReport()).mrr;

    // Period 1: four team subscriptions, one cancelled at its period end by the buyer.
    const steady = await buyer(3);
    const recovered = await buyer(2, DECLINES_LATER);
    const ended = await buyer(2, DECLINES_LATER);
    const leaving = await buyer(1);
    const cancel = await cancellationRoute(
      jsonRequest(
        "/api/billing/cancellation",
        { subscriptionId: leaving.subscription.id, cancel: true },
        {
          cookie: leaving.cookie,
        },
      ),
    );
    expect(cancel.status).toBe(200);

    // Period 2 starts: two renewals fail, one pays, the cancelled one ends.
    await advanceDemoBilling(31, COMMAND);
    // The buyer replaces the card: the failed renewal is paid with it and the subscription is active again.
    const card = await cardRoute(
      jsonRequest(
        "/api/billing/card",
        { subscriptionId: recovered.subscription.id, card: { number: GOOD_CARD, expiry: "12 / 40", cvc: "123" } },
        { cookie: recovered.cookie },
      ),
    );
    expect(card.status).toBe(200);
    // Dunning's steps (days 3, 7, 10, 14) for the renewal nobody paid; on day 7 the steady buyer
    // goes from 3 to 5 seats, paying the rest of the period now.
    for (const days of [3, 4]) await advanceDemoBilling(days, COMMAND);
    const { preview, confirmed } = await buyerSeatChange(steady.cookie, steady.subscription.id, 5);
    expect(confirmed?.status).toBe(200);
    for (const days of [3, 4]) await advanceDemoBilling(days, COMMAND);

    // Period 3: two months after the purchase, whatever the months' lengths.
    await advanceDemoBilling(17, COMMAND);

    const db = getDb();
    const status = async (b: { subscription: { id: string } }) =>
      (await db.subscription.findUniqueOrThrow({ where: { id: b.subscription.id } })).status;
    expect(await status(steady)).toBe("active");
    expect(await status(recovered)).toBe("active");
    expect(await status(ended)).toBe("canceled");
    expect(await status(leaving)).toBe("canceled");

    const paidOf = async (orderId: string) =>
      (await seatChangeRows(orderId)).invoices.map((i) => [i.quantity, i.amount, i.status]);
    expect(await paidOf(steady.order.id)).toEqual([
      [3, 3 * SEAT_CENTS, "paid"],
      [5, preview.body.dueNow, "paid"],
      [5, 5 * SEAT_CENTS, "paid"],
    ]);
    expect(await paidOf(recovered.order.id)).toEqual([
      [2, 2 * SEAT_CENTS, "paid"],
      [2, 2 * SEAT_CENTS, "paid"],
    ]);
    expect(await paidOf(ended.order.id)).toEqual([[2, 2 * SEAT_CENTS, "failed"]]);
    expect(await paidOf(leaving.order.id)).toEqual([]);
    expect((await dunningMails(ended.order.id)).map((m) => m.subject.split(":")[0])).toEqual([
      expect.stringMatching(/payment did not go through/),
      "Reminder",
      "Reminder",
      "Last notice",
      expect.stringMatching(/subscription has ended/),
    ]);
    expect((await buyerChangesOf(steady.order.id)).audit.map((a) => a.action)).toEqual(["billing.seats"]);
    expect((await buyerChangesOf(leaving.order.id)).audit.map((a) => a.action)).toEqual([
      "billing.cancel_at_period_end",
    ]);

    const orders = [steady, recovered, ended, leaving].map((b) => b.order.id);
    expect(await doubleRecords(orders)).toEqual([]);
    // Revenue: four first payments, two renewals each of the steady and recovered subscriptions
    // and the seat change's charge; the renewal that ended unpaid is not revenue.
    const firsts = (3 + 2 + 2 + 1) * SEAT_CENTS;
    const renewals = 3 * SEAT_CENTS + 5 * SEAT_CENTS + 2 * 2 * SEAT_CENTS + preview.body.dueNow;
    expect(Number(await teamRevenue(from)) - Number(revenueBefore)).toBe(firsts + renewals);
    // MRR: the two live subscriptions at their seats now.
    expect((await seatReport()).mrr - mrrBefore).toBe((5 + 2) * SEAT_CENTS);
    // A whole three-period scenario (four purchases and a dozen billing runs), not one slow step.
  }, 120_000);
});
