import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import type { StripeDouble } from "../../doubles/stripe-api";
import type { StripeMode } from "../../doubles/stripe-mode";
import {
  Browser,
  buyer,
  confirmAsStripeJs,
  createdIntent,
  enterStripeCheckout,
  subscriptionRecord,
  type PaymentRoutes,
} from "./helpers";

// A one-click offer charge that Stripe made but whose answer never reached the app (the request
// died, the process stopped): Stripe's webhook must still settle and fulfil the offer's order,
// once, found by the order id the charge carries in its metadata.

let stripeMode: StripeMode;
let double: StripeDouble;
let routes: PaymentRoutes;

type Intent = { clientSecret: string; paymentIntentId: string; transactionId: string };
type Accepted = { outcome: string; transactionId: string };

beforeAll(async () => {
  ({ stripeMode, double, routes } = await enterStripeCheckout("whsec_offer_unanswered_0123456789"));
});

afterAll(() => stripeMode.leave());

async function paidBook() {
  const owner = new Browser();
  const intent = await createdIntent<Intent>(owner, routes.createIntent, buyer("fast-forward-book"));
  await confirmAsStripeJs(double, intent);
  const link = { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret };
  expect((await owner.call(routes.paymentStatus, "/api/payment-status", link)).status).toBe(200);
  return { owner, intent };
}

type Obj = Record<string, unknown>;
const metadataOf = (event: { data: { object: unknown } }) =>
  ((event.data.object as Obj).metadata ?? {}) as Record<string, string>;

describe("a one-click charge whose answer is lost", () => {
  it("is fulfilled from Stripe's webhook before the app hears back, and only once after", async () => {
    const { owner, intent } = await paidBook();
    const { POST: accept } = await import("@/app/api/next-offer/accept/route");
    const held = double.holdNextAnswer("POST", "/v1/payment_intents");
    const accepting = owner.call<Accepted>(accept, "/api/next-offer/accept", {
      transactionId: intent.transactionId,
      productCode: "ai-step-by-step",
    });
    await held.reached;

    const succeeded = double.events.filter(
      (event) =>
        event.type === "payment_intent.succeeded" && metadataOf(event).parent_order_id === intent.transactionId,
    );
    expect(succeeded).toHaveLength(1);
    const childId = metadataOf(succeeded[0]!).order_id!;
    expect((await subscriptionRecord(childId)).providerPaymentId).toBeNull();
    expect(await stripeMode.deliver(succeeded[0]!)).toBe(200);

    // Settled by the webhook alone: what would be left if the request had died here.
    const settled = await subscriptionRecord(childId);
    expect(settled).toMatchObject({
      status: "SUCCEEDED",
      providerPaymentId: String((succeeded[0]!.data.object as Obj).id),
    });
    expect(settled.fulfilledAt).not.toBeNull();
    expect(settled.account?.issuedAt).toBeTruthy();

    held.release();
    expect((await accepting).body).toMatchObject({ outcome: "succeeded", transactionId: childId });
    const after = await subscriptionRecord(childId);
    expect(after.fulfilledAt).toEqual(settled.fulfilledAt);
    expect({ tokens: after.tokens, emails: after.emails }).toEqual({ tokens: settled.tokens, emails: settled.emails });
    expect(await getDb().issuedAccount.count({ where: { orderId: childId } })).toBe(1);
  });
});
