import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { sweepDunning } from "@/lib/billing/server/sweep-dunning";
import { stripeGateway } from "@/lib/payments/server/stripe-gateway";
import type { DoubleEvent, StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer, createdIntent, enterStripeCheckout, type PaymentRoutes } from "../payments/helpers";
import { billingSessionOf } from "@/tests/support/email-links";
import { buyerChangesOf } from "@/tests/support/buyer-changes";
import { cardUpdateToken } from "@/tests/support/card-update-link";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { seededShuffle } from "../../support/shuffle";

// A Stripe subscription's card replaced by the buyer (decision 0045): a SetupIntent made for the
// session's or link's subscription, confirmed as Stripe.js does, then applied by the server, which
// pays a past_due subscription's open invoice once; Stripe's webhooks, twice, change nothing more.

const WEBHOOK_SECRET = "whsec_card_update_stripe_0123456789";
const SEED = Date.now() % 1_000_000;
type Route = (request: Request) => Promise<Response>;
let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes & Record<"card" | "cardLink" | "setup" | "linkSetup", Route>;

beforeAll(async () => {
  const checkout = await enterStripeCheckout(WEBHOOK_SECRET);
  ({ stripeMode, double } = checkout);
  routes = {
    ...checkout.routes,
    card: (await import("@/app/api/billing/card/route")).POST,
    cardLink: (await import("@/app/api/billing/card-link/route")).POST,
    setup: (await import("@/app/api/billing/card-setup/route")).POST,
    linkSetup: (await import("@/app/api/billing/card-link-setup/route")).POST,
  };
});

afterAll(() => stripeMode.leave());

async function deliverTwice(events: DoubleEvent[], round: number): Promise<void> {
  for (const event of seededShuffle([...events, ...events], SEED + round)) {
    expect(await stripeMode.deliver(event), `seed ${SEED}, ${event.type}`).toBe(200);
  }
}

type Intent = { paymentIntentId: string; subscriptionId: string; transactionId: string };

/** Paid seats; `failing`: the first renewal is declined and the subscription is past_due. */
async function seats(failing: boolean) {
  const browser = new Browser();
  const input = buyer("team-training-seat", 2);
  const intent = await createdIntent<Intent>(browser, routes.createIntent, input);
  await deliverTwice(double.succeed(intent.paymentIntentId), 1);
  const success = await browser.call(routes.paymentSuccess, "/api/payment-success", {
    subscriptionId: intent.subscriptionId,
    transactionId: intent.transactionId,
  });
  expect(success.status).toBe(200);
  if (failing) await deliverTwice(double.failRenewal(intent.subscriptionId), 2);
  const subscription = await getDb().subscription.findUniqueOrThrow({ where: { orderId: intent.transactionId } });
  expect(subscription.status).toBe(failing ? "past_due" : "active");
  return { email: input.email, orderId: intent.transactionId, provider: intent.subscriptionId, subscription };
}

/** The card step of the page: a SetupIntent for the link's subscription, confirmed as Stripe.js does. */
async function confirmedSetup(token: string, paymentMethod: string): Promise<{ id: string; status: number }> {
  const created = await routes.linkSetup(jsonRequest("/api/billing/card-link-setup", { token }));
  expect(created.status).toBe(200);
  const { clientSecret } = (await created.json()) as { clientSecret: string };
  const id = clientSecret.slice(0, clientSecret.indexOf("_secret_"));
  const confirmed = await fetch(`${double.url}/v1/setup_intents/${id}/confirm`, {
    method: "POST",
    headers: { authorization: "Bearer pk_test_double", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_secret: clientSecret, payment_method: paymentMethod }).toString(),
  });
  return { id, status: confirmed.status };
}

const applyByLink = (token: string, setupIntentId: string) =>
  routes.cardLink(jsonRequest("/api/billing/card-link", { token, setupIntentId }));

const customerOf = (provider: string) => double.get(String(double.get(provider)!.customer))!;
const pays = () => double.requests.filter((r) => r.method === "POST" && /^\/v1\/invoices\/[^/]+\/pay$/.test(r.path));

describe("Stripe: the buyer replaces the card", () => {
  it("a SetupIntent made for subscription A cannot touch subscription B, by link or session", async () => {
    const [a, b] = [await seats(false), await seats(true)];
    const setup = await confirmedSetup(cardUpdateToken(a.subscription.id), "pm_card_visa");
    expect(setup.status).toBe(200);

    const byLink = await applyByLink(cardUpdateToken(b.subscription.id), setup.id);
    expect(byLink.status).toBe(409);
    expect((await errorOf(byLink)).code).toBe("card_setup_invalid");
    const cookie = await billingSessionOf(b.email);
    const bySession = await routes.card(
      jsonRequest("/api/billing/card", { subscriptionId: b.subscription.id, setupIntentId: setup.id }, { cookie }),
    );
    expect((await errorOf(bySession)).code).toBe("card_setup_invalid");
    // The link's body names no subscription; B's own session cannot reach A's subscription either.
    const named = await routes.cardLink(
      jsonRequest("/api/billing/card-link", {
        token: cardUpdateToken(b.subscription.id),
        setupIntentId: setup.id,
        subscriptionId: a.subscription.id,
      }),
    );
    expect(named.status).toBe(400);
    const notOwned = await routes.setup(
      jsonRequest("/api/billing/card-setup", { subscriptionId: a.subscription.id }, { cookie }),
    );
    expect(notOwned.status).toBe(404);

    expect(double.get(b.provider)!.default_payment_method).toBeNull();
    expect(customerOf(b.provider).invoice_settings).toEqual({ default_payment_method: null });
    expect(pays()).toHaveLength(0);
    expect((await getDb().subscription.findUniqueOrThrow({ where: { id: b.subscription.id } })).status).toBe(
      "past_due",
    );
    expect((await buyerChangesOf(b.orderId)).audit).toHaveLength(0);
    expect((await buyerChangesOf(a.orderId)).audit).toHaveLength(0);
  });

  it("a declined card changes nothing", async () => {
    const sub = await seats(true);
    const token = cardUpdateToken(sub.subscription.id);
    const setup = await confirmedSetup(token, "pm_card_chargeDeclined");
    expect(setup.status).toBe(402);
    const applied = await applyByLink(token, setup.id);
    expect(applied.status).toBe(409);
    expect((await errorOf(applied)).code).toBe("card_refused");
    expect(double.get(sub.provider)!.default_payment_method).toBeNull();
    expect(customerOf(sub.provider).invoice_settings).toEqual({ default_payment_method: null });
    expect(double.get(String(double.get(sub.provider)!.latest_invoice))!.status).toBe("open");
    expect((await getDb().subscription.findUniqueOrThrow({ where: { id: sub.subscription.id } })).status).toBe(
      "past_due",
    );
    expect(await buyerChangesOf(sub.orderId)).toEqual({ audit: [], events: [] });
  });

  it("a good card pays the open invoice once and recovers the dunning case; a later card becomes the default", async () => {
    const db = getDb();
    const sub = await seats(true);
    await sweepDunning({ now: new Date() });
    const dunningCase = () => db.dunningCase.findFirstOrThrow({ where: { subscriptionId: sub.subscription.id } });
    expect(await dunningCase()).toMatchObject({ state: "open" });
    const token = cardUpdateToken(sub.subscription.id);
    const before = double.events.length;
    const paysBefore = pays().length;
    const setup = await confirmedSetup(token, "pm_card_visa");
    expect(setup.status).toBe(200);

    const first = await applyByLink(token, setup.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ last4: "4242", status: "active", overduePaid: true });
    // The same SetupIntent again (a retried request): Stripe replays the payment, nothing is recorded twice.
    expect((await applyByLink(token, setup.id)).status).toBe(200);
    const invoiceId = String(double.get(sub.provider)!.latest_invoice);
    const calls = pays().slice(paysBefore);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([`${setup.id}:pay:${invoiceId}`]));
    const events = double.events.slice(before);
    expect(events.filter((e) => e.type === "invoice.paid")).toHaveLength(1);
    expect(events.filter((e) => e.type === "charge.succeeded")).toHaveLength(1);
    await deliverTwice(events, 3);

    const method = String(double.get(setup.id)!.payment_method);
    expect(double.get(sub.provider)!.default_payment_method).toBe(method);
    expect(customerOf(sub.provider).invoice_settings).toEqual({ default_payment_method: method });
    const invoices = await db.subscriptionInvoice.findMany({ where: { subscriptionId: sub.subscription.id } });
    expect(invoices.map((i) => i.status)).toEqual(["paid"]);
    expect((await db.subscription.findUniqueOrThrow({ where: { id: sub.subscription.id } })).status).toBe("active");
    expect(await sweepDunning({ now: new Date() })).toMatchObject({ recovered: 1 });
    expect(await dunningCase()).toMatchObject({ state: "recovered" });
    const changes = await buyerChangesOf(sub.orderId);
    expect(changes.audit).toHaveLength(1);
    expect(changes.audit[0]).toMatchObject({
      action: "billing.card",
      operatorId: null,
      details: { actor: "buyer", via: "card_link", setupIntentId: setup.id },
    });
    expect(JSON.stringify(changes.audit[0]!.details)).not.toContain("@");
    expect(changes.events).toHaveLength(1);
    expect(changes.events[0]).toMatchObject({ change: { kind: "card" } });

    // Later, signed in: another card becomes both defaults; nothing is owed, so nothing is paid.
    const cookie = await billingSessionOf(sub.email);
    const created = await routes.setup(
      jsonRequest("/api/billing/card-setup", { subscriptionId: sub.subscription.id }, { cookie }),
    );
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const secondId = clientSecret.slice(0, clientSecret.indexOf("_secret_"));
    const confirmed = await fetch(`${double.url}/v1/setup_intents/${secondId}/confirm`, {
      method: "POST",
      headers: { authorization: "Bearer pk_test_double", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_secret: clientSecret,
        payment_method: "pm_card_visa_chargeDeclinedInsufficientFunds",
      }).toString(),
    });
    expect(confirmed.status).toBe(200);
    const second = await routes.card(
      jsonRequest("/api/billing/card", { subscriptionId: sub.subscription.id, setupIntentId: secondId }, { cookie }),
    );
    expect(await second.json()).toMatchObject({ last4: "9995", status: "active", overduePaid: false });
    const secondMethod = String(double.get(secondId)!.payment_method);
    expect(secondMethod).not.toBe(method);
    expect(double.get(sub.provider)!.default_payment_method).toBe(secondMethod);
    expect(customerOf(sub.provider).invoice_settings).toEqual({ default_payment_method: secondMethod });
    expect((await stripeGateway.renewalTerms(sub.provider)).card).toEqual({ brand: "visa", last4: "9995" });
    expect(pays().slice(paysBefore)).toHaveLength(calls.length);
    expect((await buyerChangesOf(sub.orderId)).audit.map((a) => a.details)).toMatchObject([
      { via: "card_link" },
      { via: "session", setupIntentId: secondId },
    ]);
  });
});
