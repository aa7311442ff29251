import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as register } from "@/app/api/register/route";
import { QUEUES } from "@/lib/platform/shared/queues";
import { deliverEmail } from "@/lib/platform/server/mail/deliver-email";
import { enqueueEmail, storedHeaders } from "@/lib/platform/server/mail/mailer";
import { suppressAddress } from "@/lib/platform/server/mail/suppression-list";
import { EMAIL_KINDS } from "@/lib/platform/shared/email-kinds";
import { sendRecoveryEmails } from "@/lib/payments/server/checkout-recovery";
import { reconcileOrders } from "@/lib/payments/server/reconcile-orders";
import { getDb } from "@/lib/platform/server/db";
import { webhookEventId } from "@/lib/platform/server/webhooks/emit-event";
import { startResendDouble, type ResendDouble } from "@/tests/doubles/resend-api";
import { jsonRequest } from "@/tests/support/http";
import { workOff } from "@/tests/support/jobs";
import { openedEmail } from "@/tests/support/outbox";
import { Browser } from "../payments/helpers";
import { backdateOrder, minutesBefore, orderEmails } from "./helpers";

// Where the sweeps, e-mail rules and webhooks meet: the recovery sweep's e-mail goes through the unsubscribe
// rules, the reconciliation sweep's fulfilment emits the webhook event with its attribution, and
// transactional templates ignore the suppression list. Delivery runs in Resend mode against the
// double, through the job queue as the worker runs it.

const card = { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" };
const UNSUBSCRIBE_LINK = /\/unsubscribe\?token=/;
let resend: ResendDouble;

beforeAll(async () => {
  resend = await startResendDouble();
  process.env.RESEND_API_KEY = "re_test_key";
  process.env.RESEND_BASE_URL = resend.url;
});
afterAll(async () => {
  delete process.env.RESEND_API_KEY;
  delete process.env.RESEND_BASE_URL;
  await resend.close();
});

const sentBody = (emailId: string) => resend.bodies.get(`outgoing-email/${emailId}`);
/** How many delivery jobs the e-mail row has in the queue, whatever their state. */
async function jobsFor(emailId: string): Promise<number> {
  const [row] = await getDb().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${QUEUES.email} AND data->>'emailId' = ${emailId}`;
  return row?.n ?? 0;
}

/** A visitor who registered from a campaign and then started a checkout (order created, unpaid). */
async function checkout(productId = "fast-forward-book") {
  const contactId = randomUUID();
  const email = `joins-${contactId}@example.com`;
  const registered = await register(
    jsonRequest("/api/register", { contactId, name: "Ada Lovelace", email, utm_source: "podcast", utm_term: "ai" }),
  );
  expect(registered.status).toBe(200);
  const browser = new Browser();
  browser.cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0]!;
  const created = await browser.call<{ clientSecret: string; transactionId: string }>(
    createIntent,
    "/api/create-payment-intent",
    { contactId, email, name: "Ada Lovelace", productId, quantity: 1 },
  );
  expect(created.status).toBe(200);
  return { browser, contactId, email, orderId: created.body.transactionId, clientSecret: created.body.clientSecret };
}

describe("sweeps, e-mail rules and outgoing webhooks together", () => {
  it("a recovery e-mail is marketing: footer and one-click headers, and a suppressed address gets nothing", async () => {
    const when = new Date();
    const open = await checkout();
    const unsubscribed = await checkout();
    for (const order of [open, unsubscribed]) await backdateOrder(order.orderId, minutesBefore(when, 61));
    await suppressAddress(unsubscribed.email, "ONE_CLICK");

    expect(await sendRecoveryEmails(when)).toMatchObject({ sent: 2, errors: 0 });
    const [toOpen] = await orderEmails(open.orderId, "checkout-recovery");
    const [toSuppressed] = await orderEmails(unsubscribed.orderId, "checkout-recovery");
    for (const row of [toOpen!, toSuppressed!]) {
      expect(await jobsFor(row.id)).toBe(1);
      expect(row.html).toMatch(UNSUBSCRIBE_LINK);
      expect(row.text).toMatch(UNSUBSCRIBE_LINK);
      const headers = storedHeaders(row.headers);
      expect(headers["List-Unsubscribe"]).toMatch(/^<http[^>]+\/unsubscribe\?token=[^>]+>, <mailto:/);
      expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }

    await workOff(QUEUES.email);
    const db = getDb();
    expect(await db.outgoingEmail.findUniqueOrThrow({ where: { id: toOpen!.id } })).toMatchObject({ status: "SENT" });
    expect(sentBody(toOpen!.id)).toMatchObject({
      to: open.email,
      headers: storedHeaders(toOpen!.headers),
    });
    expect(String(sentBody(toOpen!.id)?.html)).toMatch(UNSUBSCRIBE_LINK);
    expect(await db.outgoingEmail.findUniqueOrThrow({ where: { id: toSuppressed!.id } })).toMatchObject({
      status: "SUPPRESSED",
      attempts: 0,
    });
    expect(sentBody(toSuppressed!.id)).toBeUndefined();
    // A repeated job leaves it so.
    await deliverEmail(toSuppressed!.id);
    expect(sentBody(toSuppressed!.id)).toBeUndefined();
  });

  it("the reconciliation sweep's fulfilment emits one order.paid with attribution and one receipt, even to a suppressed address", async () => {
    const now = new Date();
    const paid = await checkout();
    await backdateOrder(paid.orderId, minutesBefore(now, 30));
    await suppressAddress(paid.email, "UNSUBSCRIBE_LINK");
    const confirmed = await paid.browser.call(confirmDemo, "/api/demo-payments/confirm", {
      clientSecret: paid.clientSecret,
      card,
    });
    expect(confirmed.status).toBe(200);
    // Neither the success call nor a webhook: only the sweep learns of the payment.
    const db = getDb();
    const eventId = webhookEventId("order.paid", paid.orderId);
    expect(await db.webhookEvent.count({ where: { id: eventId } })).toBe(0);

    expect(await reconcileOrders(now)).toMatchObject({ fulfilled: 1, errors: 0 });
    // One event for the order, and it is the one with the order's derived id.
    const [event, ...moreEvents] = await db.webhookEvent.findMany({
      where: { type: "order.paid", payload: { path: ["data", "transactionId"], equals: paid.orderId } },
    });
    expect(moreEvents).toHaveLength(0);
    expect(event!.id).toBe(eventId);
    expect(event!.payload).toMatchObject({
      type: "order.paid",
      data: {
        transactionId: paid.orderId,
        email: paid.email,
        attribution: {
          funnelSessionId: paid.contactId,
          firstTouch: { source: "podcast", term: "ai" },
          lastTouch: { source: "podcast", term: "ai" },
        },
      },
    });
    const receipts = await orderEmails(paid.orderId, "purchase-confirmation");
    expect(receipts).toHaveLength(1);
    expect(await jobsFor(receipts[0]!.id)).toBe(1);

    // Again: nothing more, neither event nor e-mail.
    expect(await reconcileOrders(now)).toMatchObject({ fulfilled: 0 });
    expect(await db.webhookEvent.count({ where: { type: "order.paid", id: eventId } })).toBe(1);
    expect(await orderEmails(paid.orderId, "purchase-confirmation")).toHaveLength(1);

    // The receipt is transactional: sent although the buyer unsubscribed, with no footer or headers.
    await workOff(QUEUES.email);
    expect(await db.outgoingEmail.findUniqueOrThrow({ where: { id: receipts[0]!.id } })).toMatchObject({
      status: "SENT",
      headers: {},
    });
    const body = sentBody(receipts[0]!.id);
    expect(body).toMatchObject({ to: paid.email });
    expect(body).not.toHaveProperty("headers");
    expect(String(body?.html)).not.toMatch(UNSUBSCRIBE_LINK);
  });

  it("every transactional template goes to a suppressed address without footer or headers", async () => {
    const to = `joins-suppressed-${randomUUID()}@example.com`;
    await suppressAddress(to, "MANUAL");
    const templates = Object.entries(EMAIL_KINDS)
      .filter(([, kind]) => kind === "transactional")
      .map(([template]) => template);
    expect(templates).toEqual(
      expect.arrayContaining(["purchase-confirmation", "booking-confirmed", "booking-moved", "booking-canceled"]),
    );
    expect(templates).toEqual(expect.arrayContaining(["privacy-request-received", "privacy-deadlines"]));
    for (const template of templates) {
      const id = await enqueueEmail({
        template,
        to,
        subject: template,
        html: "<html><body><p>Yours</p></body></html>",
        text: "Yours",
      });
      const row = openedEmail(await getDb().outgoingEmail.findUniqueOrThrow({ where: { id } }));
      expect(row, template).toMatchObject({
        headers: {},
        html: "<html><body><p>Yours</p></body></html>",
        text: "Yours",
      });
      expect(await jobsFor(id), template).toBe(1);
      await workOff(QUEUES.email);
      expect((await getDb().outgoingEmail.findUniqueOrThrow({ where: { id } })).status, template).toBe("SENT");
      expect(sentBody(id), template).toMatchObject({ to, text: "Yours" });
      expect(sentBody(id), template).not.toHaveProperty("headers");
    }
  });
});
