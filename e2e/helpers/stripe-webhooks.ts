import { expect } from "@playwright/test";
import Stripe from "stripe";
import { STRIPE_DOUBLE_URL, STRIPE_MODE_URL } from "../ports";

// What Stripe would send the Stripe-mode server after a test control of the Stripe API double:
// the control's events, signed with the server's webhook secret (playwright.config.ts).

const WEBHOOK_SECRET = "whsec_e2e_double_secret";
const signer = new Stripe("sk_test_e2e_signer");

/** Runs `/_double/<kind>/<id>/<control>` and delivers the events it made to the app's webhook. */
export async function stripeControlDelivered(kind: string, id: string, control: string): Promise<void> {
  const answer = await fetch(`${STRIPE_DOUBLE_URL}/_double/${kind}/${id}/${control}`, { method: "POST" });
  expect(answer.status).toBe(200);
  const { data } = (await answer.json()) as { data: unknown[] };
  for (const event of data) {
    const payload = JSON.stringify(event);
    const delivered = await fetch(`${STRIPE_MODE_URL}/api/stripe/webhook`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(delivered.status).toBe(200);
  }
}
