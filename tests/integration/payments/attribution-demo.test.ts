import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/register/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { getDb } from "@/lib/platform/server/db";
import { jsonRequest } from "@/tests/support/http";
import { Browser, buyer } from "./helpers";

// The demo gateway keeps the metadata Stripe would: transactionId plus the order's attribution.

type Intent = { paymentIntentId: string; subscriptionId?: string; transactionId: string };

async function buy(productId: string, quantity: number) {
  const contactId = randomUUID();
  const email = `demo-attr-${contactId}@example.com`;
  const registered = await register(
    jsonRequest("/api/register", { contactId, name: "Ada Lovelace", email, utm_source: "podcast", utm_term: "ai" }),
  );
  const browser = new Browser();
  browser.cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0]!;
  const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", {
    ...buyer(productId, quantity),
    contactId,
    email,
  });
  expect(created.status).toBe(200);
  return { contactId, intent: created.body };
}

describe("demo gateway metadata", () => {
  it("stores attribution on the demo intent and the demo subscription", async () => {
    const book = await buy("fast-forward-book", 1);
    const expected = (contactId: string, transactionId: string) => ({
      transactionId,
      funnel_session_id: contactId,
      utm_first_source: "podcast",
      utm_first_term: "ai",
      utm_last_source: "podcast",
      utm_last_term: "ai",
    });
    const intent = await getDb().demoPaymentIntent.findUniqueOrThrow({ where: { id: book.intent.paymentIntentId } });
    expect(intent.metadata).toEqual(expected(book.contactId, book.intent.transactionId));
    const order = await getDb().order.findUniqueOrThrow({ where: { id: book.intent.transactionId } });
    expect(order).toMatchObject({ firstUtmSource: "podcast", firstUtmTerm: "ai", lastUtmSource: "podcast" });

    const seats = await buy("team-training-seat", 3);
    const subscription = await getDb().demoSubscription.findUniqueOrThrow({
      where: { id: seats.intent.subscriptionId! },
    });
    expect(subscription.metadata).toEqual(expected(seats.contactId, seats.intent.transactionId));
  });
});
