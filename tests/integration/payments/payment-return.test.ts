import { describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as paymentStatus } from "@/app/api/payment-status/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { POST as acceptOffer } from "@/app/api/next-offer/accept/route";
import type { AcceptOfferResponse } from "@/lib/payments/shared/offer-schemas";
import { getDb } from "@/lib/platform/server/db";
import { Browser, buyer } from "./helpers";

// Demo gateway: a /payment-processing link opened without the checkout's cookie
// and session storage (a new tab after 3-D Secure, another browser). POST /api/payment-status
// answers the holder of the payment's client secret and nobody else; /api/payment-success then
// accepts that secret in place of the cookie, through the same exactly-once fulfilment.

type Intent = { clientSecret: string; paymentIntentId: string; subscriptionId?: string; transactionId: string };
type Status = {
  paymentIntentId: string;
  status: string;
  order?: {
    transactionId: string;
    contactId: string;
    subscriptionId?: string;
    productId: string;
    quantity: number;
    amount: number;
    offerFollows?: true;
  };
};
type Success = { message: string; loginDetails: { email: string; password?: string }; transactionId: string };
type ErrorBody = { error: { code: string; message: string } };

const card = (number: string) => ({ number, expiry: "12 / 40", cvc: "123" });

async function checkout(productId = "fast-forward-book", quantity = 1) {
  const owner = new Browser();
  const input = buyer(productId, quantity);
  const created = await owner.call<Intent>(createIntent, "/api/create-payment-intent", input);
  expect(created.status).toBe(200);
  return { owner, input, intent: created.body };
}

const pay = (browser: Browser, clientSecret: string, number = "4242 4242 4242 4242") =>
  browser.call(confirmDemo, "/api/demo-payments/confirm", { clientSecret, card: card(number) });

/** A secret of the same shape for the same intent, differing only in its random part. */
const forged = (secret: string) => secret.replace(/_secret_(.)/, (_m, c: string) => `_secret_${c === "a" ? "b" : "a"}`);

describe("POST /api/payment-status", () => {
  it("answers the right secret from a stranger's browser; the order's ids only once it succeeded", async () => {
    const { owner, input, intent } = await checkout();
    const stranger = new Browser();
    const link = { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret };

    const unpaid = await stranger.call<Status>(paymentStatus, "/api/payment-status", link);
    expect(unpaid).toEqual({
      status: 200,
      body: { paymentIntentId: intent.paymentIntentId, status: "requires_payment_method" },
    });

    await pay(owner, intent.clientSecret, "4000 0000 0000 0002");
    const declined = await stranger.call<Status>(paymentStatus, "/api/payment-status", link);
    expect(declined.body).toEqual({ paymentIntentId: intent.paymentIntentId, status: "requires_payment_method" });

    await pay(owner, intent.clientSecret);
    const paid = await stranger.call<Status>(paymentStatus, "/api/payment-status", link);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({
      paymentIntentId: intent.paymentIntentId,
      status: "succeeded",
      order: {
        transactionId: intent.transactionId,
        contactId: input.contactId,
        productId: "fast-forward-book",
        quantity: 1,
        amount: 700,
      },
    });
    // Nothing personal: no e-mail, no name.
    expect(JSON.stringify(paid.body)).not.toContain(input.email);
    expect(JSON.stringify(paid.body)).not.toContain(input.name);
  });

  it("answers a wrong secret and an unknown intent with the same 404, and the id alone reveals nothing", async () => {
    const { owner, intent } = await checkout();
    await pay(owner, intent.clientSecret);
    const stranger = new Browser();
    const answers = [
      // The right id with a secret of the right shape that is not the intent's.
      { paymentIntentId: intent.paymentIntentId, clientSecret: forged(intent.clientSecret) },
      // An intent no order has.
      {
        paymentIntentId: "pi_demo_000000000000000000000000",
        clientSecret: "pi_demo_000000000000000000000000_secret_00",
      },
    ];
    for (const body of answers) {
      const answer = await stranger.call<ErrorBody>(paymentStatus, "/api/payment-status", body);
      expect(answer).toEqual({
        status: 404,
        body: { error: { code: "not_found", message: "Payment information not found" } },
      });
    }
    // Even the browser that paid needs the secret: the link is the credential here.
    const ownerWrong = await owner.call<ErrorBody>(paymentStatus, "/api/payment-status", answers[0]);
    expect(ownerWrong.status).toBe(404);
  });

  it("refuses bad input with a 400 and the error body", async () => {
    const { intent } = await checkout();
    const stranger = new Browser();
    const bodies: unknown[] = [
      {},
      { paymentIntentId: intent.paymentIntentId },
      { clientSecret: intent.clientSecret },
      // A secret of another intent than the one named.
      { paymentIntentId: "pi_demo_1234", clientSecret: intent.clientSecret },
      { paymentIntentId: intent.paymentIntentId, clientSecret: `${intent.paymentIntentId}_secret_` },
      { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, email: "x@example.com" },
      { paymentIntentId: intent.paymentIntentId, clientSecret: 42 },
      { paymentIntentId: "pi_demo_\u0000", clientSecret: intent.clientSecret },
      { paymentIntentId: intent.paymentIntentId, clientSecret: `${intent.clientSecret}${"a".repeat(300)}` },
      [],
      "pi",
    ];
    for (const body of bodies) {
      const answer = await stranger.call<ErrorBody>(paymentStatus, "/api/payment-status", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe("invalid_request");
    }
    const mismatch = await stranger.call<ErrorBody>(paymentStatus, "/api/payment-status", bodies[3]);
    expect(mismatch.body.error.message).toBe("clientSecret: must be the client secret of paymentIntentId");
  });

  it("tells the browser that bought the book that an offer follows, and its saved card pays it in one click", async () => {
    const { owner, intent } = await checkout();
    await pay(owner, intent.clientSecret);
    const link = { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret };
    const own = await owner.call<Status>(paymentStatus, "/api/payment-status", link);
    expect(own.body.order).toMatchObject({ transactionId: intent.transactionId, offerFollows: true });
    // Another browser with the link is not offered anything: the offers answer the buyer's browser only.
    const other = await new Browser().call<Status>(paymentStatus, "/api/payment-status", link);
    expect(other.body.order).not.toHaveProperty("offerFollows");

    const accepted = await owner.call<AcceptOfferResponse>(acceptOffer, "/api/next-offer/accept", {
      transactionId: intent.transactionId,
      productCode: "ai-step-by-step",
    });
    expect(accepted.body).toMatchObject({ outcome: "succeeded" });
    // Once the chain has no step left, a later status check sends the buyer to the success page.
    const after = await owner.call<Status>(paymentStatus, "/api/payment-status", link);
    expect(after.body.order).not.toHaveProperty("offerFollows");
  });

  it("names the subscription of a team order", async () => {
    const { owner, intent } = await checkout("team-training-seat", 3);
    await pay(owner, intent.clientSecret);
    const link = { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret };
    const paid = await new Browser().call<Status>(paymentStatus, "/api/payment-status", link);
    expect(paid.body.order).toMatchObject({ subscriptionId: intent.subscriptionId, quantity: 3, amount: 150_000 });
  });
});

describe("POST /api/payment-success with the link's client secret", () => {
  it("fulfils once for a stranger holding the secret; the paying browser then gets the same account", async () => {
    const { owner, input, intent } = await checkout("ai-step-by-step");
    await pay(owner, intent.clientSecret);
    const newTab = new Browser();
    const claim = {
      contactId: input.contactId,
      transactionId: intent.transactionId,
      paymentIntentId: intent.paymentIntentId,
    };

    const withoutSecret = await newTab.call<ErrorBody>(paymentSuccess, "/api/payment-success", claim);
    expect(withoutSecret.status).toBe(404);
    const wrongSecret = await newTab.call<ErrorBody>(paymentSuccess, "/api/payment-success", {
      ...claim,
      clientSecret: forged(intent.clientSecret),
    });
    expect(wrongSecret.status).toBe(404);
    expect(await getDb().issuedAccount.count({ where: { orderId: intent.transactionId } })).toBe(0);

    const first = await newTab.call<Success>(paymentSuccess, "/api/payment-success", {
      ...claim,
      clientSecret: intent.clientSecret,
    });
    expect(first.status).toBe(200);
    expect(first.body.transactionId).toBe(intent.transactionId);
    expect(first.body.loginDetails.email).toBe(input.email);
    expect(first.body.loginDetails.password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    // A reload of the success page in that tab, and the paying browser: same account, no password.
    const again = await newTab.call<Success>(paymentSuccess, "/api/payment-success", {
      ...claim,
      clientSecret: intent.clientSecret,
    });
    const ownerClaim = await owner.call<Success>(paymentSuccess, "/api/payment-success", claim);
    for (const later of [again, ownerClaim]) {
      expect(later.status).toBe(200);
      expect(later.body.transactionId).toBe(intent.transactionId);
      expect(later.body.loginDetails.password).toBeUndefined();
      expect(later.body.message).toMatch(/already issued/);
    }
    expect(await getDb().issuedAccount.count({ where: { orderId: intent.transactionId } })).toBe(1);
    expect(await getDb().outgoingEmail.count({ where: { orderId: intent.transactionId } })).toBe(1);
  });

  it("refuses another order's secret, and says an unpaid payment in words", async () => {
    const a = await checkout();
    const b = await checkout();
    await pay(a.owner, a.intent.clientSecret);
    const stranger = new Browser();
    const crossed = await stranger.call<ErrorBody>(paymentSuccess, "/api/payment-success", {
      transactionId: a.intent.transactionId,
      paymentIntentId: a.intent.paymentIntentId,
      clientSecret: b.intent.clientSecret,
    });
    expect(crossed.status).toBe(404);

    await pay(b.owner, b.intent.clientSecret, "4000 0000 0000 0002");
    const unpaid = await stranger.call<ErrorBody>(paymentSuccess, "/api/payment-success", {
      transactionId: b.intent.transactionId,
      paymentIntentId: b.intent.paymentIntentId,
      clientSecret: b.intent.clientSecret,
    });
    expect(unpaid).toEqual({
      status: 409,
      body: { error: { code: "payment_not_succeeded", message: "Payment was not completed. Please try again." } },
    });
  });
});
