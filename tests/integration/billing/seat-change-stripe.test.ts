import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerSubscriptions } from "@/lib/billing/server/read-buyer-subscriptions";
import { prorateSeats } from "@/lib/payments/shared/seat-proration";
import type { StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { enterStripeCheckout, type PaymentRoutes } from "../payments/helpers";
import { billingSessionOf } from "@/tests/support/email-links";
import {
  backdateStripePeriod,
  buyerChangesOf,
  buyerSeatChange,
  confirmBuyerSeats,
  seatChangeRows,
  stripePaidSeats,
} from "@/tests/support/buyer-changes";
import { SEAT_CENTS } from "@/tests/support/demo-renewals";
import { seededShuffle } from "@/tests/support/shuffle";

// The buyer's seat change in Stripe mode, through stripe-node and the Stripe API double: the
// preview is Stripe's invoice preview, the change is invoiced at once (always_invoice) from the
// preview's proration_date, and the invoice's webhooks, shuffled and repeated, record it once.

const WEBHOOK_SECRET = "whsec_billing_seat_change_0123456789";
let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes;

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout(WEBHOOK_SECRET));
});

afterAll(() => stripeMode.leave());

async function deliverShuffledTwice(from: number, seed: number) {
  const events = double.events.slice(from);
  for (const event of seededShuffle([...events, ...events], seed)) {
    expect(await stripeMode.deliver(event), `seed ${seed}`).toBe(200);
  }
}

describe("Stripe: the buyer changes seats", () => {
  it("charges what Stripe's preview showed, records the invoice once and the change once", async () => {
    const seats = await stripePaidSeats(stripeMode, routes, 3);
    const period = await backdateStripePeriod(double, seats.provider, 10);
    const cookie = await billingSessionOf(seats.email);
    const before = double.events.length;

    const { preview, confirmed } = await buyerSeatChange(cookie, seats.subscription.id, 5);
    expect(preview.status).toBe(200);
    expect(confirmed).toMatchObject({ status: 200, body: { seats: 5, previousSeats: 3 } });
    const previews = double.requests.filter((r) => r.path === "/v1/invoices/create_preview");
    expect(previews).toHaveLength(1);

    const subscription = double.get(seats.provider)!;
    const item = (subscription.items as { data: { quantity: number }[] }).data[0]!;
    expect(item.quantity).toBe(5);
    const invoice = double.get(String(subscription.latest_invoice))!;
    expect(invoice).toMatchObject({
      billing_reason: "subscription_update",
      status: "paid",
      amount_paid: preview.body.dueNow,
    });
    const lines = (invoice.lines as { data: { period: { start: number } }[] }).data;
    const at = new Date(lines[0]!.period.start * 1000);
    // The same instant for preview and charge, and the pure function agrees with Stripe's double.
    expect(preview.body.dueNow).toBe(
      prorateSeats({
        unitAmount: SEAT_CENTS,
        fromSeats: 3,
        toSeats: 5,
        periodStart: period.start,
        periodEnd: period.end,
        at,
      }).net,
    );
    expect(preview.body.dueNow).toBeLessThan(2 * SEAT_CENTS * 0.75);

    await deliverShuffledTwice(before, 46);
    // Confirming the same quote again is the same change.
    expect((await confirmBuyerSeats(cookie, seats.subscription.id, 5, preview.body.quote)).status).toBe(200);
    const rows = await seatChangeRows(seats.orderId);
    expect(rows.subscription.quantity).toBe(5);
    expect(rows.changes).toMatchObject([{ fromQuantity: 3, toQuantity: 5, operatorId: null }]);
    expect(rows.invoices).toMatchObject([
      { providerInvoiceId: invoice.id, amount: preview.body.dueNow, quantity: 5, status: "paid" },
    ]);
    const changes = await buyerChangesOf(seats.orderId);
    expect(changes.audit.map((a) => a.action)).toEqual(["billing.seats"]);
    expect(changes.events).toMatchObject([{ change: { kind: "seats", from: 3, to: 5 }, seats: 5 }]);
    const updates = double.requests.filter((r) => r.path === `/v1/subscriptions/${seats.provider}` && r.idempotencyKey);
    expect(new Set(updates.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it("credits removed seats on the customer's balance, which the next renewal takes off", async () => {
    const seats = await stripePaidSeats(stripeMode, routes, 5);
    await backdateStripePeriod(double, seats.provider, 15);
    const cookie = await billingSessionOf(seats.email);
    const { preview, confirmed } = await buyerSeatChange(cookie, seats.subscription.id, 3);
    expect(confirmed?.status).toBe(200);
    const credit = preview.body.credit;
    expect(credit).toBeGreaterThan(0);
    expect(preview.body).toMatchObject({ dueNow: 0, nextRenewal: 3 * SEAT_CENTS - credit });
    const customer = double.get(String(double.get(seats.provider)!.customer))!;
    expect(customer.balance).toBe(-credit);
    expect(await buyerSubscriptions(seats.email)).toMatchObject([{ nextAmount: 3 * SEAT_CENTS, credit }]);

    const before = double.events.length;
    double.advanceClock(20 * 86_400);
    await deliverShuffledTwice(before, 7);
    const rows = await seatChangeRows(seats.orderId);
    // The credit invoice charged nothing, so only the renewal is revenue: its amount less the credit.
    expect(rows.invoices).toMatchObject([{ quantity: 3, amount: 3 * SEAT_CENTS - credit, status: "paid" }]);
    expect(customer.balance).toBe(0);
    expect(rows.subscription.quantity).toBe(3);
    expect(await buyerSubscriptions(seats.email)).toMatchObject([{ credit: 0 }]);
  });
});
