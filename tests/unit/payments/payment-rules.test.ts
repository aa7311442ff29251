import { describe, expect, it } from "vitest";
import { environmentForHost } from "@/lib/leads/shared/environment";
import {
  POLL_INTERVAL_MS,
  pollPendingIntent,
  LATEST_INTENT_ERROR_KEY,
  LATEST_INTENT_KEY,
} from "@/lib/payments/client/client-state";
import { contractSetupLink, contractSetupUrl } from "@/lib/payments/shared/contract-setup-url";
import { evaluateDemoCard } from "@/lib/payments/shared/demo-cards";
import { formatUsd } from "@/lib/shared/money";
import { messageForConfirmError } from "@/lib/payments/shared/payment-errors";
import { priceOrder, type Product } from "@/lib/payments/server/catalog";
import { quantityMessage, quantityProblem } from "@/lib/payments/shared/quantity-limits";
import { createPaymentIntentSchema } from "@/lib/payments/shared/schemas";

describe("environment host rule", () => {
  it.each([
    ["localhost", "local"],
    ["127.0.0.1", "local"],
    ["203.0.113.9", "local"],
    ["192.168.1.20", "local"],
    ["10.0.0.4", "local"],
    ["studio.local", "local"],
    ["fastforward.example", "prod"],
    ["local.example.com", "prod"],
  ])("%s → %s", (host, env) => expect(environmentForHost(host)).toBe(env));

  it("answers the product's message instead of a contract-setup link without a token or transactionId", () => {
    const bases = { local: "/contract-setup", prod: "/contract-setup" };
    const here = { hostname: "localhost", origin: "http://localhost:3000" };
    expect(contractSetupLink(bases, here, "", "tx-1")).toEqual({
      error: "Missing authentication token. Please contact support.",
    });
    expect(contractSetupLink(bases, here, "t", "")).toEqual({
      error: "Missing transaction information. Please contact support.",
    });
    expect(contractSetupLink(bases, here, "t", "tx-1")).toEqual({
      href: "http://localhost:3000/contract-setup?token=t&transactionId=tx-1",
    });
  });

  it("builds the contract-setup URL from the base of the host's environment", () => {
    const bases = { local: "http://localhost:4000/setup", prod: "https://contracts.example/start" };
    expect(contractSetupUrl(bases, { hostname: "localhost", origin: "http://localhost:3000" }, "t.k.n", "tx-1")).toBe(
      "http://localhost:4000/setup?token=t.k.n&transactionId=tx-1",
    );
    expect(contractSetupUrl(bases, { hostname: "shop.example", origin: "https://shop.example" }, "a", "b")).toBe(
      "https://contracts.example/start?token=a&transactionId=b",
    );
    expect(
      contractSetupUrl(
        { local: "/contract-setup", prod: "/contract-setup" },
        { hostname: "shop.example", origin: "https://shop.example" },
        "a",
        "b",
      ),
    ).toBe("https://shop.example/contract-setup?token=a&transactionId=b");
  });
});

describe("demo cards", () => {
  const card = (number: string, expiry = "12/40", cvc = "123") =>
    evaluateDemoCard({ number, expiry, cvc }, new Date("2026-11-21"));
  it("follows Stripe's test cards", () => {
    expect(card("4242 4242 4242 4242")).toEqual({ outcome: "succeeded" });
    expect(card("4000 0000 0000 0002")).toMatchObject({ code: "card_declined", message: "Your card was declined." });
    expect(card("4000 0000 0000 9995")).toMatchObject({ declineCode: "insufficient_funds" });
    expect(card("4242 4242 4242 4241")).toMatchObject({ code: "incorrect_number" });
    expect(card("4242 4242 4242 4242", "10/26")).toMatchObject({ code: "expired_card" });
    expect(card("4242 4242 4242 4242", "11/26")).toEqual({ outcome: "succeeded" });
    expect(card("4242 4242 4242 4242", "13/30")).toMatchObject({ code: "invalid_expiry_month" });
    expect(card("4242 4242 4242 4242", "12/40", "1")).toMatchObject({ code: "incorrect_cvc" });
  });
});

describe("payment messages", () => {
  it("maps gateway errors to the product's wording", () => {
    expect(messageForConfirmError({ code: "payment_intent_unexpected_state", type: "invalid_request_error" })).toEqual({
      title: "Payment Session Expired",
      description: "Your payment session has expired. Please refresh the page and try again.",
    });
    expect(messageForConfirmError({ type: "card_error", message: "Your card was declined." })).toEqual({
      title: "Payment Error",
      description: "Your card was declined.",
    });
    expect(messageForConfirmError({ type: "card_error" }).description).toBe(
      "There was a problem with your payment information.",
    );
    expect(messageForConfirmError({ type: "api_error" }).description).toBe(
      "An error occurred processing your payment.",
    );
  });
});

describe("pending-intent polling (every 500 ms, up to 10 tries)", () => {
  function memory(initial: Record<string, string> = {}) {
    const data = new Map(Object.entries(initial));
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
  }
  const intent = {
    productId: "ai-step-by-step",
    quantity: 1,
    clientSecret: "s",
    paymentIntentId: "pi",
    contactId: "c",
    transactionId: "t",
    amount: 49700,
  };

  it("gives up after 10 tries, 500 ms apart", async () => {
    const sleeps: number[] = [];
    const outcome = await pollPendingIntent(
      () => true,
      (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      memory(),
    );
    expect(outcome).toEqual({ kind: "none" });
    expect(sleeps).toEqual(Array.from({ length: 10 }, () => POLL_INTERVAL_MS));
  });

  it("uses the stored intent once it appears and stops on a stored error", async () => {
    const store = memory();
    let tries = 0;
    const found = await pollPendingIntent(
      (i) => i.productId === "ai-step-by-step",
      () => {
        if (++tries === 3) store.setItem(LATEST_INTENT_KEY, JSON.stringify(intent));
        return Promise.resolve();
      },
      store,
    );
    expect(found).toEqual({ kind: "intent", intent });
    expect(tries).toBe(3);
    const failed = await pollPendingIntent(
      () => true,
      () => Promise.resolve(),
      memory({ [LATEST_INTENT_ERROR_KEY]: JSON.stringify({ message: "boom" }) }),
    );
    expect(failed).toEqual({ kind: "error", message: "boom" });
  });
});

describe("pricing an order", () => {
  const product = (id: string, unitAmount: number, interval: "one_time" | "month" = "one_time"): Product => ({
    id,
    name: id,
    unitAmount,
    regularAmount: null,
    currency: "usd",
    interval,
    plan: null,
    minQuantity: 1,
    maxQuantity: 1000,
    quantityKind: interval === "month" ? "seats" : "copies",
    priceId: crypto.randomUUID(),
    version: 1,
    publishedAt: new Date(0),
  });

  it("adds each order bump once, at its own price, whatever the quantity", () => {
    const book = product("fast-forward-book", 700);
    const bumps = [product("ai-step-by-step", 49_700), product("workbook", 1_900)];
    const priced = priceOrder(book, 120, bumps);
    expect(priced.totalAmount).toBe(120 * 700 + 49_700 + 1_900);
    expect([priced.unitAmount, priced.quantity, priced.bumps]).toEqual([700, 120, bumps]);
  });

  it("prices copies and seats per unit and adds the add-to-order item once", () => {
    const book = product("fast-forward-book", 700);
    const course = product("ai-step-by-step", 49_700);
    expect(priceOrder(book, 2, [course]).totalAmount).toBe(2 * 700 + 49_700);
    expect(priceOrder(book, 3, []).totalAmount).toBe(2_100);
    expect(priceOrder(product("team-training-seat", 50_000, "month"), 10, []).totalAmount).toBe(500_000);
    expect([formatUsd(700), formatUsd(49_700), formatUsd(4797), formatUsd(399_700)]).toEqual([
      "$7",
      "$497",
      "$47.97",
      "$3,997",
    ]);
  });
});

describe("what a product's count allows", () => {
  const copies = { minQuantity: 1, maxQuantity: 1000, quantityKind: "copies" } as const;
  const single = { minQuantity: 1, maxQuantity: 1, quantityKind: "single" } as const;

  it("accepts whole numbers in the range, 120 copies included", () => {
    for (const value of [1, 120, 1000]) expect(quantityProblem(value, copies), String(value)).toBeNull();
    expect(quantityProblem(1, single)).toBeNull();
  });

  it("refuses a value below or outside whole numbers with the range, and past the maximum in words", () => {
    const range = { code: "invalid_request", message: "quantity must be an integer between 1 and 1000" };
    for (const value of [0, -1, 1.5, "3", null, undefined]) expect(quantityProblem(value, copies)).toEqual(range);
    expect(quantityProblem(1001, copies)).toEqual({
      code: "quantity_too_large",
      message: "An order can have at most 1,000 copies: quantity must be an integer between 1 and 1000.",
    });
    expect(quantityProblem(2, single)).toEqual({ code: "invalid_request", message: "quantity must be 1" });
    expect(quantityMessage({ minQuantity: 1, maxQuantity: 50 })).toBe("quantity must be an integer between 1 and 50");
  });

  it("leaves the range to the server: the request schema cannot know the catalog's current one", () => {
    const body = { contactId: crypto.randomUUID(), email: "a@example.com", name: "Ada Lovelace" };
    expect(
      createPaymentIntentSchema.safeParse({ ...body, productId: "fast-forward-book", quantity: 120 }).success,
    ).toBe(true);
  });
});
