import { randomBytes } from "node:crypto";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { Browser, buyer } from "../payments/helpers";

// A purchase through the demo gateway, as a buyer's browser makes it (create → pay with the
// 4242 card → success page claims the credentials), for the console's order tests.

export type Purchase = {
  browser: Browser;
  orderId: string;
  paymentIntentId: string;
  subscriptionId?: string;
  token: string;
  claim: () => Promise<{ status: number; body: { error?: { code: string; message: string }; token?: string } }>;
};

/**
 * `visitor`: a browser already in the funnel buys in its own session; `couponCode`: with that code;
 * `cardNumber`: another demo card than 4242 (one that pays); `payment: "plan"`: the product's payment plan.
 */
export async function demoPurchase(
  productId = "fast-forward-book",
  quantity = 1,
  visitor?: { browser: Browser; contactId: string },
  couponCode?: string,
  cardNumber = "4242 4242 4242 4242",
  payment?: "plan",
): Promise<Purchase> {
  const browser = visitor?.browser ?? new Browser();
  const input = {
    ...buyer(productId, quantity),
    ...(visitor ? { contactId: visitor.contactId } : {}),
    ...(couponCode ? { couponCode } : {}),
    ...(payment ? { payment } : {}),
  };
  const created = await browser.call<{
    clientSecret: string;
    paymentIntentId: string;
    subscriptionId?: string;
    transactionId: string;
  }>(createIntent, "/api/create-payment-intent", input);
  if (created.status !== 200) throw new Error(`create failed: ${created.status}`);
  const card = { number: cardNumber, expiry: "12 / 40", cvc: "123" };
  await browser.call(confirmDemo, "/api/demo-payments/confirm", { clientSecret: created.body.clientSecret, card });
  const claim = () =>
    browser.call<{ error?: { code: string; message: string }; token?: string }>(
      paymentSuccess,
      "/api/payment-success",
      {
        email: input.email,
        name: input.name,
        paymentIntentId: created.body.paymentIntentId,
        transactionId: created.body.transactionId,
        contactId: input.contactId,
      },
    );
  const claimed = await claim();
  if (claimed.status !== 200 || !claimed.body.token) throw new Error(`claim failed: ${claimed.status}`);
  return {
    browser,
    orderId: created.body.transactionId,
    paymentIntentId: created.body.paymentIntentId,
    subscriptionId: created.body.subscriptionId,
    token: claimed.body.token,
    claim,
  };
}

/** A fresh request key, as the refund form makes one when it opens. */
export const requestKey = () => randomBytes(16).toString("hex");
