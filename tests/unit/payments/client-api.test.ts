import { afterEach, describe, expect, it, vi } from "vitest";
import { createPaymentIntentRequest, paymentSuccessRequest } from "@/lib/payments/client/client-api";
import { LATEST_INTENT_KEY, readJson, storedIntentSchema } from "@/lib/payments/client/client-state";

// The browser parses route answers and session storage with zod instead of casting them.

const intent = {
  clientSecret: "pi_1_secret_2",
  paymentIntentId: "pi_1",
  contactId: "11111111-1111-4111-8111-111111111111",
  transactionId: "22222222-2222-4222-8222-222222222222",
  amount: 700,
};
const body = { contactId: intent.contactId, email: "a@b.co", name: "Ada", productId: "fast-forward-book", quantity: 1 };

function memory(entries: Record<string, string>) {
  return {
    getItem: (key: string) => entries[key] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
  };
}

function answer(status: number, json: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(json), { status }))),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("client API parsing", () => {
  it("returns a well-formed answer", async () => {
    answer(200, intent);
    await expect(createPaymentIntentRequest(body)).resolves.toEqual(intent);
  });

  it("treats an answer of the wrong shape as the product's fallback failure", async () => {
    answer(200, { ...intent, amount: "700" });
    await expect(createPaymentIntentRequest(body)).rejects.toThrow("Failed to create payment intent");
  });

  it("throws the error envelope's message, or the fallback", async () => {
    answer(409, { error: { code: "already_paid", message: "Already paid." } });
    await expect(createPaymentIntentRequest(body)).rejects.toThrow("Already paid.");
    answer(500, "oops");
    await expect(createPaymentIntentRequest(body)).rejects.toThrow("Failed to create payment intent");
  });

  it("still answers the product's message for a success without a token", async () => {
    answer(200, {
      success: true,
      message: "ok",
      loginDetails: { email: "a@b.co", productPurchased: "Book", seatsCount: 1 },
      token: "",
      transactionId: intent.transactionId,
    });
    await expect(paymentSuccessRequest({ paymentIntentId: "pi_1" })).rejects.toThrow(
      "Authentication token not received from server",
    );
  });
});

describe("session storage parsing", () => {
  it("reads a stored intent and ignores malformed or foreign values", () => {
    const stored = JSON.stringify({ ...intent, productId: "fast-forward-book", quantity: 1 });
    expect(readJson(LATEST_INTENT_KEY, storedIntentSchema, memory({ [LATEST_INTENT_KEY]: stored }))).toMatchObject({
      quantity: 1,
    });
    expect(readJson(LATEST_INTENT_KEY, storedIntentSchema, memory({ [LATEST_INTENT_KEY]: "{not json" }))).toBeNull();
    const wrong = JSON.stringify({ ...intent, quantity: "1" });
    expect(readJson(LATEST_INTENT_KEY, storedIntentSchema, memory({ [LATEST_INTENT_KEY]: wrong }))).toBeNull();
  });
});
