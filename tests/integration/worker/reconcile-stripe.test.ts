import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { runReconcileSweep as RunSweep } from "@/lib/worker/server/reconcile-sweep";
import { QUEUES } from "@/lib/platform/shared/queues";
import { enterStripeMode, type StripeMode } from "../../doubles/stripe-mode";
import { Browser, buyer } from "../payments/helpers";
import { workOff } from "@/tests/support/jobs";
import { backdateOrder, minutesBefore, orderEmails, settle } from "./helpers";

// Reconciliation sweep, Stripe mode (stripe-node against the Stripe API double): payments
// succeed at Stripe while both the webhook and the success call are lost; the sweep asks
// Stripe's API and fulfils each order once, a one-time intent and a seat subscription alike.

type Intent = { clientSecret: string; paymentIntentId: string; subscriptionId?: string; transactionId: string };
const NOW = new Date();
let stripeMode: StripeMode;
let createIntent: (request: Request) => Promise<Response>;
let runSweep: typeof RunSweep;
let db: PrismaClient;

beforeAll(async () => {
  stripeMode = await enterStripeMode("whsec_sweep_test_secret_0123456789");
  createIntent = (await import("@/app/api/create-payment-intent/route")).POST;
  runSweep = (await import("@/lib/worker/server/reconcile-sweep")).runReconcileSweep;
  db = (await import("@/lib/platform/server/db")).getDb();
});

afterAll(async () => {
  await stripeMode.leave();
});

async function startCheckout(productId: string, quantity = 1): Promise<Intent> {
  const created = await new Browser().call<Intent>(
    createIntent,
    "/api/create-payment-intent",
    buyer(productId, quantity),
  );
  expect(created.status).toBe(200);
  await backdateOrder(created.body.transactionId, minutesBefore(NOW, 45));
  return created.body;
}

describe("reconcile sweep (Stripe mode)", () => {
  it("fulfils a paid intent and a paid seat subscription once; an unpaid one stays pending", async () => {
    const book = await startCheckout("fast-forward-book");
    const team = await startCheckout("team-training-seat", 3);
    const unpaid = await startCheckout("ai-step-by-step");
    // Paid at Stripe; the events it emits are never delivered.
    stripeMode.double.succeed(book.paymentIntentId);
    stripeMode.double.succeed(team.paymentIntentId);
    const retrievals = () =>
      stripeMode.double.requests.filter((r) => r.method === "GET" && /payment_intents|subscriptions/.test(r.path))
        .length;
    const before = retrievals();

    expect(await runSweep(NOW)).toEqual({ checked: 3, fulfilled: 2, errors: 0, emailsRequeued: 0 });
    expect(retrievals() - before).toBeGreaterThanOrEqual(3);
    for (const paid of [book, team]) {
      const order = await db.order.findUniqueOrThrow({
        where: { id: paid.transactionId },
        include: { account: true, subscription: true },
      });
      expect(order.status).toBe("SUCCEEDED");
      expect(order.account).not.toBeNull();
      expect(await orderEmails(order.id, "purchase-confirmation")).toHaveLength(1);
    }
    expect(
      await db.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: team.subscriptionId! } }),
    ).toMatchObject({ status: "active", quantity: 3 });
    expect(await db.order.findUniqueOrThrow({ where: { id: unpaid.transactionId } })).toMatchObject({
      status: "PENDING",
      fulfilledAt: null,
    });

    expect(await runSweep(NOW)).toEqual({ checked: 1, fulfilled: 0, errors: 0, emailsRequeued: 0 });
    for (const paid of [book, team]) {
      const emails = await orderEmails(paid.transactionId, "purchase-confirmation");
      expect(emails).toHaveLength(1);
      expect((await settle(emails[0]!.id, () => workOff(QUEUES.email))).status).toBe("LOGGED");
    }
  });

  it("counts a Stripe outage as errors and fulfils on the next run", async () => {
    const book = await startCheckout("fast-forward-book");
    stripeMode.double.succeed(book.paymentIntentId);
    // Only this file's orders are in the window; the earlier unpaid one is asked too.
    stripeMode.double.failNextRequest();
    const failed = await runSweep(NOW);
    expect(failed.errors).toBe(1);
    expect(failed.fulfilled + failed.errors).toBeLessThanOrEqual(failed.checked);
    const next = await runSweep(NOW);
    const order = await db.order.findUniqueOrThrow({ where: { id: book.transactionId } });
    expect(order.status).toBe("SUCCEEDED");
    expect(failed.fulfilled + next.fulfilled).toBe(1);
    expect(await orderEmails(book.transactionId, "purchase-confirmation")).toHaveLength(1);
  });
});
