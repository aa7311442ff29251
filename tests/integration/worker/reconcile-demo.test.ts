import { describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { ALL_HANDLERS } from "@/lib/worker/server/all-handlers";
import { runReconcileSweep } from "@/lib/worker/server/reconcile-sweep";
import { QUEUES } from "@/lib/platform/shared/queues";
import { getDb } from "@/lib/platform/server/db";
import { Browser, buyer } from "../payments/helpers";
import { workOff } from "@/tests/support/jobs";
import { backdateOrder, crashedEmail, minutesBefore, orderEmails, settle } from "./helpers";

// Reconciliation sweep, demo gateway: a payment made at the gateway whose success call never came
// (the tab closed) is fulfilled by the sweep, once; a crashed e-mail delivery is sent again, once.

type Intent = { clientSecret: string; paymentIntentId: string; transactionId: string; contactId: string };
const NOW = new Date();
const card = { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" };

async function startCheckout(productId = "fast-forward-book") {
  const browser = new Browser();
  const input = buyer(productId);
  const created = await browser.call<Intent>(createIntent, "/api/create-payment-intent", input);
  expect(created.status).toBe(200);
  await backdateOrder(created.body.transactionId, minutesBefore(NOW, 30));
  return { browser, input, intent: created.body };
}

describe("reconcile sweep (demo gateway)", () => {
  it("is registered for its queue", () => {
    expect(ALL_HANDLERS[QUEUES.reconcile]).toBeTypeOf("function");
  });

  it("fulfils an order paid at the gateway only, exactly once, and the buyer still gets the password", async () => {
    const paid = await startCheckout();
    const unpaid = await startCheckout("ai-step-by-step");
    const confirmed = await paid.browser.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: paid.intent.clientSecret,
      card,
    });
    expect(confirmed.status).toBe(200);
    // No success call, no webhook: only the sweep can notice.
    const db = getDb();
    expect(await db.order.findUniqueOrThrow({ where: { id: paid.intent.transactionId } })).toMatchObject({
      status: "PENDING",
      fulfilledAt: null,
    });

    expect(await runReconcileSweep(NOW)).toEqual({ checked: 2, fulfilled: 1, errors: 0, emailsRequeued: 0 });
    const order = await db.order.findUniqueOrThrow({
      where: { id: paid.intent.transactionId },
      include: { account: true },
    });
    expect(order.status).toBe("SUCCEEDED");
    expect(order.fulfilledAt).not.toBeNull();
    expect(order.account?.passwordShownAt).toBeNull();
    expect(await orderEmails(order.id, "purchase-confirmation")).toHaveLength(1);
    expect(await db.order.findUniqueOrThrow({ where: { id: unpaid.intent.transactionId } })).toMatchObject({
      status: "PENDING",
      reconciledAt: NOW,
    });

    // Again: the paid order is no longer a candidate; the unpaid one is asked again, nothing changes.
    expect(await runReconcileSweep(NOW)).toEqual({ checked: 1, fulfilled: 0, errors: 0, emailsRequeued: 0 });
    const [email] = await orderEmails(order.id, "purchase-confirmation");
    expect(await orderEmails(order.id, "purchase-confirmation")).toHaveLength(1);
    expect((await settle(email!.id, () => workOff(QUEUES.email))).status).toBe("LOGGED");

    // The buyer comes back to the success page: shown the password once, no second account or e-mail.
    const claimed = await paid.browser.call<{ loginDetails: { password?: string } }>(
      paymentSuccess,
      "/api/payment-success",
      { contactId: paid.input.contactId, transactionId: order.id },
    );
    expect(claimed.status).toBe(200);
    expect(claimed.body.loginDetails.password).toEqual(expect.any(String));
    expect(await orderEmails(order.id, "purchase-confirmation")).toHaveLength(1);
  });

  it("re-queues an e-mail stuck in SENDING for over 15 minutes, once, and it is sent once", async () => {
    const stuck = await crashedEmail(minutesBefore(NOW, 16));
    const recent = await crashedEmail(minutesBefore(NOW, 10));
    const db = getDb();

    const first = await runReconcileSweep(NOW);
    expect(first.emailsRequeued).toBe(1);
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: stuck } })).status).toBe("QUEUED");
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id: recent } })).status).toBe("SENDING");
    // Queued again, not stuck: a second sweep leaves it to its job.
    expect((await runReconcileSweep(NOW)).emailsRequeued).toBe(0);

    const sent = await settle(stuck, () => workOff(QUEUES.email));
    expect(sent).toMatchObject({ status: "LOGGED", attempts: 2 });
    expect((await runReconcileSweep(NOW)).emailsRequeued).toBe(0);
    const after = await db.outgoingEmail.findUniqueOrThrow({ where: { id: stuck } });
    expect(after).toMatchObject({ status: "LOGGED", attempts: 2 });
  });
});
