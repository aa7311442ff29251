import { describe, expect, it } from "vitest";
import { POST as cardRoute } from "@/app/api/billing/card/route";
import { POST as cardLinkRoute } from "@/app/api/billing/card-link/route";
import { getDb } from "@/lib/platform/server/db";
import { renewDemoSubscriptions } from "@/lib/payments/server/renew-demo-subscriptions";
import { DEMO_CARDS } from "@/lib/payments/shared/demo-cards";
import { billingSessionOf } from "@/tests/support/email-links";
import { buyerChangesOf } from "@/tests/support/buyer-changes";
import { cardUpdateToken } from "@/tests/support/card-update-link";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { demoPurchase } from "../console/purchase";

// A buyer replaces a demo subscription's card, signed in or by a dunning e-mail's link: a failed
// renewal is paid with the new card once and the subscription is active again (decision 0041).

const SEAT = 50_000;
const card = (number: string) => ({ number, expiry: "12 / 40", cvc: "123" });
const db = () => getDb();

/** Seats bought with the card that declines later; its first renewal is billed now and fails. */
async function pastDueSeats(seats = 2) {
  const purchase = await demoPurchase(
    "team-training-seat",
    seats,
    undefined,
    undefined,
    DEMO_CARDS.attachesThenDeclines,
  );
  const order = await db().order.findUniqueOrThrow({
    where: { id: purchase.orderId },
    include: { subscription: true },
  });
  const subscription = order.subscription!;
  const due = new Date(Date.now() - 60_000);
  await db().demoSubscription.update({
    where: { id: subscription.providerSubscriptionId },
    data: { currentPeriodEnd: due },
  });
  await renewDemoSubscriptions({ now: new Date() });
  const after = await db().subscription.findUniqueOrThrow({
    where: { id: subscription.id },
    include: { invoices: true },
  });
  expect(after.status).toBe("past_due");
  expect(after.invoices).toMatchObject([{ status: "failed", amount: seats * SEAT }]);
  return { order, subscription };
}

const invoicesOf = (subscriptionId: string) => db().subscriptionInvoice.findMany({ where: { subscriptionId } });

describe("demo gateway: the buyer's card update", () => {
  it("pays the failed renewal with the new card once and makes the subscription active", async () => {
    const { order, subscription } = await pastDueSeats(2);
    const cookie = await billingSessionOf(order.email);
    const declined = await cardRoute(
      jsonRequest(
        "/api/billing/card",
        { subscriptionId: subscription.id, card: card(DEMO_CARDS.declined) },
        { cookie },
      ),
    );
    expect(declined.status).toBe(409);
    expect(await errorOf(declined)).toEqual({ code: "card_refused", message: "Your card was declined." });
    expect((await db().subscription.findUniqueOrThrow({ where: { id: subscription.id } })).status).toBe("past_due");

    const updated = await cardRoute(
      jsonRequest("/api/billing/card", { subscriptionId: subscription.id, card: card(DEMO_CARDS.success) }, { cookie }),
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({
      success: true,
      last4: "4242",
      status: "active",
      overduePaid: true,
      overdueDeclined: false,
    });
    expect(await invoicesOf(subscription.id)).toMatchObject([{ status: "paid", amount: 2 * SEAT }]);
    const demo = await db().demoSubscription.findUniqueOrThrow({ where: { id: subscription.providerSubscriptionId } });
    expect(demo.status).toBe("active");

    // A second update pays nothing again.
    const again = await cardRoute(
      jsonRequest("/api/billing/card", { subscriptionId: subscription.id, card: card(DEMO_CARDS.success) }, { cookie }),
    );
    expect(await again.json()).toMatchObject({ status: "active", overduePaid: false });
    expect(await invoicesOf(subscription.id)).toHaveLength(1);
    const succeeded = await db().demoPaymentIntent.count({
      where: { subscriptionId: subscription.providerSubscriptionId, status: "succeeded" },
    });
    // The first payment and the renewal, nothing more.
    expect(succeeded).toBe(2);

    const changes = await buyerChangesOf(order.id);
    expect(changes.audit.map((row) => row.action)).toEqual(["billing.card", "billing.card"]);
    expect(changes.events).toMatchObject([{ change: { kind: "card" } }, { change: { kind: "card" } }]);

    // The next renewal charges the new card.
    await db().demoSubscription.update({
      where: { id: subscription.providerSubscriptionId },
      data: { currentPeriodEnd: new Date(Date.now() - 1000) },
    });
    await renewDemoSubscriptions({ now: new Date() });
    expect((await invoicesOf(subscription.id)).map((i) => i.status).sort()).toEqual(["paid", "paid"]);
  });

  it("by the e-mailed link: only that subscription, and the page's token says nothing of another", async () => {
    const a = await pastDueSeats(1);
    const b = await pastDueSeats(1);
    const response = await cardLinkRoute(
      jsonRequest("/api/billing/card-link", {
        token: cardUpdateToken(a.subscription.id),
        card: card(DEMO_CARDS.success),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "active", overduePaid: true });
    expect((await db().subscription.findUniqueOrThrow({ where: { id: b.subscription.id } })).status).toBe("past_due");
    expect(await invoicesOf(b.subscription.id)).toMatchObject([{ status: "failed" }]);
    // The body names no subscription: a token with another id beside it is refused by the schema.
    const smuggled = await cardLinkRoute(
      jsonRequest("/api/billing/card-link", {
        token: cardUpdateToken(a.subscription.id),
        subscriptionId: b.subscription.id,
        card: card(DEMO_CARDS.success),
      }),
    );
    expect(smuggled.status).toBe(400);
    expect((await buyerChangesOf(a.order.id)).audit).toMatchObject([
      { action: "billing.card", operatorId: null, details: { actor: "buyer", via: "card_link" } },
    ]);
    expect((await buyerChangesOf(b.order.id)).audit).toEqual([]);
  });

  it("refuses an expired or forged link with a clean error and changes nothing", async () => {
    const { subscription } = await pastDueSeats(1);
    const expired = cardUpdateToken(subscription.id, new Date(Date.now() - 1000));
    const valid = cardUpdateToken(subscription.id);
    const forged = `${valid.slice(0, -2)}${valid.endsWith("AA") ? "BB" : "AA"}`;
    for (const token of [expired, forged, "nonsense"]) {
      const response = await cardLinkRoute(
        jsonRequest("/api/billing/card-link", { token, card: card(DEMO_CARDS.success) }),
      );
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("card_link_invalid");
    }
    expect((await db().subscription.findUniqueOrThrow({ where: { id: subscription.id } })).status).toBe("past_due");
    const demo = await db().demoSubscription.findUniqueOrThrow({ where: { id: subscription.providerSubscriptionId } });
    expect(demo.defaultPaymentMethodId).toBeNull();
  });
});
