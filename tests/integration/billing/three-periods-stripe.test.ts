import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { sweepDunning } from "@/lib/billing/server/sweep-dunning";
import { revenueReport } from "@/lib/console/server/revenue-report";
import { seatReport } from "@/lib/console/server/seat-report";
import { DAY_MS } from "@/lib/shared/dates";
import type { StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { enterStripeCheckout, type PaymentRoutes } from "../payments/helpers";
import { billingSessionOf } from "@/tests/support/email-links";
import {
  buyerChangesOf,
  buyerSeatChange,
  doubleRecords,
  seatChangeRows,
  stripePaidSeats,
} from "@/tests/support/buyer-changes";
import { SEAT_CENTS } from "@/tests/support/demo-renewals";
import { dunningMails } from "@/tests/support/dunning";
import { jsonRequest } from "@/tests/support/http";
import { seededShuffle } from "@/tests/support/shuffle";

// Three billing periods in Stripe mode, the billing run's acceptance test: renewals that pay, one
// that fails and is paid by Stripe's retry (invoice.paid), one that fails and ends on dunning's day
// 14, a seat change and a cancellation at period end, with every webhook delivered shuffled and
// twice. Nothing is recorded twice and the reports show the money and MRR the periods made.

const WEBHOOK_SECRET = "whsec_three_periods_stripe_0123456789";
const MONTH = 31 * 24 * 3600;
const SEED = Date.now() % 1_000_000;
const TEAM = "team-training-seat";
let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes;
let round = 0;
let delivered = 0;

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout(WEBHOOK_SECRET));
});

afterAll(() => stripeMode.leave());

/** Every event Stripe sent since the last call, shuffled and each twice. */
async function deliverNewEvents(): Promise<void> {
  round += 1;
  const events = double.events.slice(delivered);
  delivered = double.events.length;
  for (const event of seededShuffle([...events, ...events], SEED + round)) {
    expect(await stripeMode.deliver(event), `seed ${SEED + round}, ${event.type}`).toBe(200);
  }
}

const day = (n: number) => new Date(Date.now() + n * DAY_MS);

const teamRevenue = async (from: Date) => {
  const report = await revenueReport({ from, to: day(1) });
  return Number(report.products.find((p) => p.productId === TEAM)?.gross ?? 0);
};

/** The PaymentIntent of the subscription's latest invoice (the failed renewal Stripe retries). */
function latestInvoiceIntent(providerSubscriptionId: string): string {
  const invoice = double.get(String(double.get(providerSubscriptionId)!.latest_invoice))!;
  const secret = (invoice.confirmation_secret as { client_secret: string }).client_secret;
  return secret.slice(0, secret.indexOf("_secret_"));
}

describe("three billing periods in Stripe mode", () => {
  it("bills, recovers, ends, changes seats and cancels, each once, as the reports show", async () => {
    const from = new Date(Date.now() - 1_000);
    const revenueBefore = await teamRevenue(from);
    const mrrBefore = (await seatReport()).mrr;

    // Period 1: four team subscriptions, one cancelled at its period end by the buyer.
    const steady = await stripePaidSeats(stripeMode, routes, 3);
    const recovered = await stripePaidSeats(stripeMode, routes, 2);
    const ended = await stripePaidSeats(stripeMode, routes, 2);
    const leaving = await stripePaidSeats(stripeMode, routes, 1);
    const { POST: cancellation } = await import("@/app/api/billing/cancellation/route");
    const cancel = await cancellation(
      jsonRequest(
        "/api/billing/cancellation",
        { subscriptionId: leaving.subscription.id, cancel: true },
        { cookie: await billingSessionOf(leaving.email) },
      ),
    );
    expect(cancel.status).toBe(200);
    await deliverNewEvents();

    // Period 2: two renewals fail, one pays, the cancelled subscription ends.
    double.advanceClock(MONTH, { [recovered.provider]: "failed", [ended.provider]: "failed" });
    await deliverNewEvents();
    for (const n of [0, 3]) await sweepDunning({ now: day(n) });
    // The buyer's bank accepts Stripe's retry: invoice.paid recovers the case.
    double.succeed(latestInvoiceIntent(recovered.provider));
    await deliverNewEvents();
    // The steady buyer goes from 3 to 5 seats and pays the difference now.
    const { preview, confirmed } = await buyerSeatChange(
      await billingSessionOf(steady.email),
      steady.subscription.id,
      5,
    );
    expect(confirmed?.status).toBe(200);
    await deliverNewEvents();
    for (const n of [7, 10, 14]) await sweepDunning({ now: day(n) });
    await deliverNewEvents();

    // Period 3.
    double.advanceClock(MONTH);
    await deliverNewEvents();

    const db = getDb();
    const status = async (b: { subscription: { id: string } }) =>
      (await db.subscription.findUniqueOrThrow({ where: { id: b.subscription.id } })).status;
    expect(await status(steady)).toBe("active");
    expect(await status(recovered)).toBe("active");
    expect(await status(ended)).toBe("canceled");
    expect(await status(leaving)).toBe("canceled");

    const invoicesOf = async (orderId: string) =>
      (await seatChangeRows(orderId)).invoices.map((i) => [i.quantity, i.amount, i.status]);
    const seatInvoice = [5, preview.body.dueNow, "paid"];
    const steadyInvoices = await invoicesOf(steady.orderId);
    expect(steadyInvoices).toHaveLength(3);
    expect(steadyInvoices).toEqual(
      expect.arrayContaining([[3, 3 * SEAT_CENTS, "paid"], seatInvoice, [5, 5 * SEAT_CENTS, "paid"]]),
    );
    expect(await invoicesOf(recovered.orderId)).toEqual([
      [2, 2 * SEAT_CENTS, "paid"],
      [2, 2 * SEAT_CENTS, "paid"],
    ]);
    expect(await invoicesOf(ended.orderId)).toEqual([[2, 2 * SEAT_CENTS, "failed"]]);
    expect(await invoicesOf(leaving.orderId)).toEqual([]);
    expect(await dunningMails(ended.orderId)).toHaveLength(5);
    expect((await buyerChangesOf(steady.orderId)).audit.map((a) => a.action)).toEqual(["billing.seats"]);

    const orders = [steady, recovered, ended, leaving].map((b) => b.orderId);
    expect(await doubleRecords(orders)).toEqual([]);
    const firsts = (3 + 2 + 2 + 1) * SEAT_CENTS;
    const renewals = 3 * SEAT_CENTS + 5 * SEAT_CENTS + 2 * 2 * SEAT_CENTS + preview.body.dueNow;
    expect((await teamRevenue(from)) - revenueBefore).toBe(firsts + renewals);
    expect((await seatReport()).mrr - mrrBefore).toBe((5 + 2) * SEAT_CENTS);
    // A whole three-period scenario (four purchases and every webhook delivered twice), not one slow step.
  }, 120_000);
});
