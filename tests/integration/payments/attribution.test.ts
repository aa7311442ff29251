import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { enterStripeMode, type StripeMode } from "../../doubles/stripe-mode";
import { jsonRequest } from "@/tests/support/http";
import { Browser, buyer } from "./helpers";

// Attribution: first- and last-touch UTM values and the funnel session are kept
// on the order and sent to the provider as metadata, on the PaymentIntent and on the Subscription.
// Stripe through its API double here; the demo gateway keeps metadata in its own tables.

type Intent = { paymentIntentId: string; subscriptionId?: string; transactionId: string };

let stripeMode: StripeMode;
let db: PrismaClient;
let register: (r: Request) => Promise<Response>;
let createIntent: (r: Request) => Promise<Response>;
let updateSubscription: (r: Request) => Promise<Response>;
const WEBHOOK_SECRET = "whsec_attribution_test_secret_0123456789";

beforeAll(async () => {
  stripeMode = await enterStripeMode(WEBHOOK_SECRET);
  register = (await import("@/app/api/register/route")).POST;
  createIntent = (await import("@/app/api/create-payment-intent/route")).POST;
  updateSubscription = (await import("@/app/api/update-subscription/route")).POST;
  db = (await import("@/lib/platform/server/db")).getDb();
});

afterAll(async () => {
  await stripeMode.leave();
});

/** First visit from Google, then (a new funnel session) back from the newsletter to buy. */
async function returningBuyer(productId: string, quantity = 1) {
  const email = `attr-${randomUUID()}@example.com`;
  const first = await register(
    jsonRequest("/api/register", {
      contactId: randomUUID(),
      name: "Ada Lovelace",
      email,
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "launch",
    }),
  );
  const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0]!;
  const contactId = randomUUID();
  await register(
    jsonRequest(
      "/api/register",
      { contactId, name: "Ada Lovelace", email, utm_source: "newsletter", utm_medium: "email", utm_content: "footer" },
      { cookie },
    ),
  );
  const browser = new Browser();
  browser.cookie = cookie;
  const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", {
    ...buyer(productId, quantity),
    contactId,
    email,
  });
  expect(created.status).toBe(200);
  return { contactId, intent: created.body, browser };
}

const expectedMetadata = (contactId: string, transactionId: string) => ({
  transactionId,
  funnel_session_id: contactId,
  utm_first_source: "google",
  utm_first_medium: "cpc",
  utm_first_campaign: "launch",
  utm_last_source: "newsletter",
  utm_last_medium: "email",
  utm_last_content: "footer",
});

describe("attribution on orders and in the provider's metadata", () => {
  it("stores first and last touch on the order and sends them on the PaymentIntent", async () => {
    const { contactId, intent } = await returningBuyer("fast-forward-book");
    const order = await db.order.findUniqueOrThrow({ where: { id: intent.transactionId } });
    expect(order).toMatchObject({
      contactId,
      firstUtmSource: "google",
      firstUtmMedium: "cpc",
      firstUtmCampaign: "launch",
      lastUtmSource: "newsletter",
      lastUtmMedium: "email",
      lastUtmCampaign: "",
      lastUtmContent: "footer",
    });
    const stripeIntent = stripeMode.double.get(intent.paymentIntentId)!;
    expect(stripeIntent.metadata).toEqual(expectedMetadata(contactId, intent.transactionId));
  });

  it("sends them on the Subscription (and its replacement after a seat change)", async () => {
    const { contactId, intent, browser } = await returningBuyer("team-training-seat", 2);
    expect(intent.subscriptionId).toMatch(/^sub_/);
    const subscription = stripeMode.double.get(intent.subscriptionId!)!;
    expect(subscription.metadata).toEqual(expectedMetadata(contactId, intent.transactionId));
    const changed = await browser.call<Intent>(updateSubscription, "/api/update-subscription", {
      subscriptionId: intent.subscriptionId,
      quantity: 4,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.subscriptionId).not.toBe(intent.subscriptionId);
    const replacement = stripeMode.double.get(changed.body.subscriptionId!)!;
    expect(replacement.metadata).toEqual(expectedMetadata(contactId, intent.transactionId));
  });

  it("emits order.paid with the attribution and, on Stripe's charge.refunded (sent twice), one order.refunded", async () => {
    const { contactId, intent } = await returningBuyer("fast-forward-book");
    const deliver = (event: { id: string; type: string }) => stripeMode.deliver(event);
    const succeeded = stripeMode.double
      .succeed(intent.paymentIntentId)
      .find((e) => e.type === "payment_intent.succeeded")!;
    expect(await deliver(succeeded)).toBe(200);
    const refunded = stripeMode.double.refund(intent.paymentIntentId).find((e) => e.type === "charge.refunded")!;
    expect(await deliver(refunded)).toBe(200);
    expect(await deliver({ ...refunded, id: `${refunded.id}_resent` })).toBe(200);
    const events = await db.webhookEvent.findMany({
      where: {
        type: { in: ["order.paid", "order.refunded"] },
        payload: { path: ["data", "transactionId"], equals: intent.transactionId },
      },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(["order.paid", "order.refunded"]);
    expect(events[0]!.payload).toMatchObject({
      data: {
        totalAmount: 700,
        attribution: {
          funnelSessionId: contactId,
          firstTouch: { source: "google", medium: "cpc", campaign: "launch" },
          lastTouch: { source: "newsletter", medium: "email", content: "footer" },
        },
      },
    });
  });
});
