import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import type { DoubleEvent, StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { enterStripeCheckout, type PaymentRoutes } from "../payments/helpers";
import { billingSessionOf } from "@/tests/support/email-links";
import { buyerChangesOf, stripePaidSeats } from "@/tests/support/buyer-changes";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { adminRequest, signedInOperator } from "@/tests/support/operator-session";

// The billing page's cancel at period end and resume in Stripe mode, through stripe-node and the
// Stripe API double; the subscription's own webhooks, late and repeated, change nothing more.

const WEBHOOK_SECRET = "whsec_billing_self_service_0123456789";
let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes & Record<"cancellation" | "card" | "consoleCancel", (r: Request) => Promise<Response>>;

beforeAll(async () => {
  const checkout = await enterStripeCheckout(WEBHOOK_SECRET);
  ({ stripeMode, double } = checkout);
  routes = {
    ...checkout.routes,
    cancellation: (await import("@/app/api/billing/cancellation/route")).POST,
    card: (await import("@/app/api/billing/card/route")).POST,
    consoleCancel: (await import("@/app/api/admin/orders/cancel-subscription/route")).POST,
  };
});

afterAll(() => stripeMode.leave());

const deliver = (event: DoubleEvent) => stripeMode.deliver(event);

const paidSeats = (quantity: number) => stripePaidSeats(stripeMode, routes, quantity);

describe("Stripe: the buyer cancels at period end and resumes", () => {
  it("sets and clears cancel_at_period_end at Stripe, once each, with the webhooks repeated", async () => {
    const seats = await paidSeats(2);
    const cookie = await billingSessionOf(seats.email);
    const post = (cancel: boolean) =>
      routes.cancellation(
        jsonRequest("/api/billing/cancellation", { subscriptionId: seats.subscription.id, cancel }, { cookie }),
      );
    const row = () => getDb().subscription.findUniqueOrThrow({ where: { id: seats.subscription.id } });

    expect((await post(true)).status).toBe(200);
    expect(double.get(seats.provider)!.cancel_at_period_end).toBe(true);
    expect((await row()).cancelAtPeriodEnd).toBe(true);
    const afterCancel = double.events.filter((e) => e.type === "customer.subscription.updated");

    expect((await post(false)).status).toBe(200);
    expect(double.get(seats.provider)!.cancel_at_period_end).toBe(false);
    expect((await row()).cancelAtPeriodEnd).toBe(false);
    // A second cancel after the resume reaches Stripe again: not the first cancel's replay.
    expect((await post(true)).status).toBe(200);
    expect(double.get(seats.provider)!.cancel_at_period_end).toBe(true);

    // Stripe's subscription events, late, repeated and shuffled, record no change of the buyer's.
    const updates = double.events.filter((e) => e.type === "customer.subscription.updated");
    for (const event of [...updates, ...afterCancel].reverse()) expect(await deliver(event)).toBe(200);
    const changes = await buyerChangesOf(seats.orderId);
    expect(changes.audit.map((a) => a.action)).toEqual([
      "billing.cancel_at_period_end",
      "billing.resumed",
      "billing.cancel_at_period_end",
    ]);
    expect(changes.events).toHaveLength(3);
  });

  it("an operator's second cancel, after the buyer resumed, reaches Stripe rather than replaying the first", async () => {
    const seats = await paidSeats(1);
    const operator = await signedInOperator();
    const consoleCancel = () =>
      routes.consoleCancel(
        adminRequest("/api/admin/orders/cancel-subscription", {
          body: { orderId: seats.orderId },
          cookie: operator.cookie,
        }),
      );
    expect((await consoleCancel()).status).toBe(200);
    expect(double.get(seats.provider)!.cancel_at_period_end).toBe(true);
    const cookie = await billingSessionOf(seats.email);
    const resumed = await routes.cancellation(
      jsonRequest("/api/billing/cancellation", { subscriptionId: seats.subscription.id, cancel: false }, { cookie }),
    );
    expect(resumed.status).toBe(200);
    expect(double.get(seats.provider)!.cancel_at_period_end).toBe(false);

    expect((await consoleCancel()).status).toBe(200);
    expect(double.get(seats.provider)!.cancel_at_period_end).toBe(true);
    const keys = double.requests
      .filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${seats.provider}`)
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
  });

  it("refuses typed card digits for a Stripe subscription (its card goes through a SetupIntent)", async () => {
    const seats = await paidSeats(1);
    const cookie = await billingSessionOf(seats.email);
    const response = await routes.card(
      jsonRequest(
        "/api/billing/card",
        { subscriptionId: seats.subscription.id, card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "1" } },
        { cookie },
      ),
    );
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe("card_update_unavailable");
  });
});
