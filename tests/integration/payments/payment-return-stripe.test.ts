import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer, confirmAsStripeJs, createdIntent, enterStripeCheckout, type PaymentRoutes } from "./helpers";

// Stripe mode: the status of a return link's payment is read through
// stripe-node from the Stripe API double, and the client secret is compared with the one Stripe
// holds for the order's intent. A stranger with the right secret can claim; nobody else learns anything.

let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes;

type Intent = { clientSecret: string; paymentIntentId: string; subscriptionId?: string; transactionId: string };
type Status = {
  paymentIntentId: string;
  status: string;
  order?: { transactionId: string; subscriptionId?: string; offerFollows?: true };
};
type Accepted = { outcome: string; transactionId: string; message?: string };
type Success = { loginDetails: { password?: string; seatsCount: number }; transactionId: string };

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout("whsec_payment_return_test_0123456789"));
});

afterAll(() => stripeMode.leave());

async function checkout(productId: string, quantity = 1) {
  const owner = new Browser();
  const input = buyer(productId, quantity);
  const intent = await createdIntent<Intent>(owner, routes.createIntent, input);
  return { input, intent, link: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret } };
}

const statusOf = (link: { paymentIntentId: string; clientSecret: string }) =>
  new Browser().call<Status>(routes.paymentStatus, "/api/payment-status", link);

describe("POST /api/payment-status in Stripe mode", () => {
  it("follows the intent through processing to succeeded, for a browser without the cookie", async () => {
    const { intent, link } = await checkout("fast-forward-book");
    expect((await statusOf(link)).body).toEqual({
      paymentIntentId: link.paymentIntentId,
      status: "requires_payment_method",
    });
    double.processing(link.paymentIntentId);
    expect((await statusOf(link)).body).toEqual({ paymentIntentId: link.paymentIntentId, status: "processing" });
    double.succeed(link.paymentIntentId);
    const paid = await statusOf(link);
    expect(paid.body.status).toBe("succeeded");
    expect(paid.body.order?.transactionId).toBe(intent.transactionId);
  });

  it("says canceled for a cancelled intent", async () => {
    const { link } = await checkout("ai-step-by-step");
    double.cancelIntent(link.paymentIntentId);
    expect((await statusOf(link)).body.status).toBe("canceled");
  });

  it("compares the secret with Stripe's: a forged one is a 404 like an unknown intent", async () => {
    const { link } = await checkout("fast-forward-book");
    double.succeed(link.paymentIntentId);
    const forged = link.clientSecret.replace(/_secret_(.)/, (_m, c: string) => `_secret_${c === "a" ? "b" : "a"}`);
    for (const body of [
      { ...link, clientSecret: forged },
      { paymentIntentId: "pi_000000000000000000000000", clientSecret: "pi_000000000000000000000000_secret_0" },
    ]) {
      const answer = await statusOf(body);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: { code: "not_found", message: "Payment information not found" } });
    }
  });

  it("lets the holder of a team subscription's secret claim it from a new browser", async () => {
    const { input, intent, link } = await checkout("team-training-seat", 4);
    double.succeed(link.paymentIntentId);
    const paid = await statusOf(link);
    expect(paid.body.order?.subscriptionId).toBe(intent.subscriptionId);
    const newTab = new Browser();
    const claimed = await newTab.call<Success>(routes.paymentSuccess, "/api/payment-success", {
      contactId: input.contactId,
      transactionId: intent.transactionId,
      paymentIntentId: intent.paymentIntentId,
      subscriptionId: intent.subscriptionId,
      clientSecret: intent.clientSecret,
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body.transactionId).toBe(intent.transactionId);
    expect(claimed.body.loginDetails.seatsCount).toBe(4);
    expect(claimed.body.loginDetails.password).toBeTruthy();
  });

  describe("after a payment finished at the bank", () => {
    /** The book, paid on Stripe's page for the return link (Stripe.js's confirmation, with `method`). */
    async function paidAtTheBank() {
      const owner = new Browser();
      const intent = await createdIntent<Intent>(owner, routes.createIntent, buyer("fast-forward-book"));
      await confirmAsStripeJs(double, intent);
      const link = { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret };
      return { owner, intent, link };
    }

    const accept = async (browser: Browser, transactionId: string) => {
      const { POST } = await import("@/app/api/next-offer/accept/route");
      return browser.call<Accepted>(POST, "/api/next-offer/accept", { transactionId, productCode: "ai-step-by-step" });
    };

    it("sends the buying browser on to the offer, which charges the saved card in one click", async () => {
      const { owner, intent, link } = await paidAtTheBank();
      const status = await owner.call<Status>(routes.paymentStatus, "/api/payment-status", link);
      expect(status.body.order).toMatchObject({ transactionId: intent.transactionId, offerFollows: true });
      const accepted = await accept(owner, intent.transactionId);
      expect(accepted.body).toMatchObject({ outcome: "succeeded" });
    });

    it("asks for a card when the method paid with cannot be charged again off-session", async () => {
      const { owner, intent, link } = await paidAtTheBank();
      // As a bank redirect method would be: saved to the customer, but not a card.
      const method = double.get(double.get(intent.paymentIntentId)!.payment_method as string)!;
      Object.assign(method, { type: "us_bank_account", card: null });
      const status = await owner.call<Status>(routes.paymentStatus, "/api/payment-status", link);
      expect(status.body.order?.offerFollows).toBe(true);
      const accepted = await accept(owner, intent.transactionId);
      expect(accepted.body).toMatchObject({
        outcome: "card_required",
        message: "Enter a card to add this offer to your order, or choose No thanks.",
      });
      // Nothing was charged off-session.
      const charges = double.requests.filter((r) =>
        r.idempotencyKey?.startsWith(`offer:${accepted.body.transactionId}`),
      );
      expect(charges).toEqual([]);
    });
  });
});
