import { describe, expect, it, vi } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import type * as FulfilOrder from "@/lib/payments/server/fulfil-order";
import { Browser, buyer } from "./helpers";

// A claim whose fulfilment fails in our own database (not an outage) is our error, a 500, not the
// 502 "gateway call failed" of a provider failure: only the provider's reads are the gateway's.

vi.mock("@/lib/payments/server/fulfil-order", async (original) => ({
  ...(await original<typeof FulfilOrder>()),
  fulfilOrder: () => Promise.reject(new Error("unique constraint failed (simulated)")),
}));

describe("a claim whose fulfilment fails in the database", () => {
  it("answers 500, not a gateway error", async () => {
    const browser = new Browser();
    const created = await browser.call<{ clientSecret: string; transactionId: string }>(
      createIntent,
      "/api/create-payment-intent",
      buyer("fast-forward-book"),
    );
    const paid = await browser.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: created.body.clientSecret,
      card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
    });
    expect(paid.status).toBe(200);
    const claim = await browser.call<{ error: { code: string } }>(paymentSuccess, "/api/payment-success", {
      transactionId: created.body.transactionId,
    });
    expect(claim.status).toBe(500);
    expect(claim.body.error.code).not.toBe("gateway_error");
  });
});
