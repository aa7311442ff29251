import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as register } from "@/app/api/register/route";
import { POST as updateSubscription } from "@/app/api/update-subscription/route";
import { POST as survey } from "@/app/api/survey/route";
import { getDb } from "@/lib/platform/server/db";
import { cookieFrom, jsonRequest } from "@/tests/support/http";
import { newVisitor, OWNER_QUALIFYING } from "@/tests/support/visitor";
import { Browser, buyer } from "./helpers";

// Parallel first calls of a brand-new funnel session, and each product's quantity range.

type Intent = { paymentIntentId: string; transactionId: string; amount: number };
type ErrorBody = { error: { code: string; message: string } };

/** A browser that already holds its cookie (any earlier call sets it), as on the real page. */
async function browserWithCookie(): Promise<Browser> {
  const browser = new Browser();
  await browser.call(createIntent, "/api/create-payment-intent", buyer("fast-forward-book"));
  expect(browser.cookie).not.toBe("");
  return browser;
}

describe("parallel first calls of a new session", () => {
  it("answers 10 parallel create-payment-intent calls 200 with one intent", async () => {
    const browser = await browserWithCookie();
    const input = buyer("ai-step-by-step"); // a contactId the server has never seen
    const results = await Promise.all(
      Array.from({ length: 10 }, () => browser.call<Intent>(createIntent, "/api/create-payment-intent", input)),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(results.map((r) => r.body.paymentIntentId)).size).toBe(1);
    expect(new Set(results.map((r) => r.body.transactionId)).size).toBe(1);
    const db = getDb();
    expect(await db.funnelSession.count({ where: { id: input.contactId } })).toBe(1);
    expect(await db.order.count({ where: { contactId: input.contactId } })).toBe(1);
    expect(await db.demoPaymentIntent.count({ where: { id: results[0]!.body.paymentIntentId } })).toBe(1);
  });

  it("answers register and survey sent together 2xx, 5 times out of 5", async () => {
    for (let round = 0; round < 5; round++) {
      const warmUp = await register(jsonRequest("/api/register", { ...newVisitor(), name: "Grace Hopper" }));
      const cookie = cookieFrom(warmUp);
      const visitor = newVisitor();
      const [registered, surveyed] = await Promise.all([
        register(jsonRequest("/api/register", { ...visitor, name: "Grace Hopper" }, { cookie })),
        survey(
          jsonRequest(
            "/api/survey",
            { contactId: visitor.contactId, hasBusiness: "Yes", businessOwnerResponses: OWNER_QUALIFYING },
            { cookie },
          ),
        ),
      ]);
      expect([registered.status, surveyed.status]).toEqual([200, 200]);
      const session = await getDb().funnelSession.findUniqueOrThrow({ where: { id: visitor.contactId } });
      expect(session.prospectId).not.toBeNull();
    }
  });
});

const tooMany = (max: number, unit: string) =>
  `An order can have at most ${max.toLocaleString("en-US")} ${unit}: quantity must be an integer between 1 and ${max}.`;

describe("quantity limits from the catalog", () => {
  it.each([
    // No practical maximum: a copy for each of a company's employees is a real order.
    ["fast-forward-book", 1000, 700],
    // One enrolment for the buyer's own login.
    ["ai-step-by-step", 1, 49_700],
    ["team-training-seat", 50, 50_000],
  ])("sells %s up to %i and refuses one more with 400", async (productId, max, unitAmount) => {
    const browser = new Browser();
    const over = await browser.call<ErrorBody>(createIntent, "/api/create-payment-intent", buyer(productId, max + 1));
    expect(over.status).toBe(400);
    expect(over.body.error).toEqual(
      max === 1
        ? { code: "invalid_request", message: "quantity must be 1" }
        : { code: "quantity_too_large", message: tooMany(max, productId === "fast-forward-book" ? "copies" : "seats") },
    );
    const contactId = randomUUID();
    const atMax = await browser.call<Intent>(createIntent, "/api/create-payment-intent", {
      ...buyer(productId, max),
      contactId,
    });
    expect(atMax.status).toBe(200);
    expect(atMax.body.amount).toBe(unitAmount * max);
    expect(await getDb().order.count({ where: { contactId } })).toBe(1);
  });

  it("sells a company a copy for each of its 120 employees in one order", async () => {
    const input = buyer("fast-forward-book", 120);
    const r = await new Browser().call<Intent>(createIntent, "/api/create-payment-intent", input);
    expect(r.status).toBe(200);
    expect(r.body.amount).toBe(84_000);
    expect(await getDb().order.findFirstOrThrow({ where: { contactId: input.contactId } })).toMatchObject({
      quantity: 120,
      unitPrice: 700,
      totalAmount: 84_000,
    });
  });

  it("refuses the $70,000 book of the audit before any order exists", async () => {
    const input = buyer("fast-forward-book", 10_000);
    const r = await new Browser().call<ErrorBody>(createIntent, "/api/create-payment-intent", input);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(tooMany(1000, "copies"));
    expect(await getDb().order.count({ where: { contactId: input.contactId } })).toBe(0);
  });

  it.each([
    [0, "invalid_request", "quantity must be an integer between 1 and 1000"],
    [1.5, "invalid_request", "quantity must be an integer between 1 and 1000"],
    ["3", "invalid_request", "quantity must be an integer between 1 and 1000"],
    [1001, "quantity_too_large", tooMany(1000, "copies")],
    [10_001, "quantity_too_large", tooMany(1000, "copies")],
  ])("refuses book quantity %j with the book's range", async (quantity, code, message) => {
    const input = { ...buyer("fast-forward-book"), quantity };
    const r = await new Browser().call<ErrorBody>(createIntent, "/api/create-payment-intent", input);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code, message });
  });

  it.each([
    [0, "invalid_request", "quantity must be an integer between 1 and 50"],
    [51, "quantity_too_large", tooMany(50, "seats")],
    [10_001, "quantity_too_large", tooMany(50, "seats")],
  ])("refuses seat quantity %j at update-subscription with the seats' range", async (quantity, code, message) => {
    const browser = new Browser();
    const created = await browser.call<{ subscriptionId: string }>(
      createIntent,
      "/api/create-payment-intent",
      buyer("team-training-seat"),
    );
    const r = await browser.call<ErrorBody>(updateSubscription, "/api/update-subscription", {
      subscriptionId: created.body.subscriptionId,
      quantity,
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code, message });
  });
});
