import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/register/route";
import { POST as survey } from "@/app/api/survey/route";
import { POST as book } from "@/app/api/booking/route";
import { POST as phoneConsent } from "@/app/api/phone-consent/route";
import { POST as scheduledCall } from "@/app/api/scheduled-call/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as confirmDemo } from "@/app/api/demo-payments/confirm/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { getDb } from "@/lib/platform/server/db";
import { QUEUES } from "@/lib/platform/shared/queues";
import { fulfilOrder } from "@/lib/payments/server/fulfil-order";
import { addEndpoint } from "@/lib/platform/server/webhooks/endpoints";
import { deliverWebhook } from "@/lib/platform/server/webhooks/deliver-webhook";
import { sendAttempt } from "@/lib/platform/server/webhooks/send-attempt";
import { emitWebhookEvent, webhookEventId } from "@/lib/platform/server/webhooks/emit-event";
import type { WebhookPayload } from "@/lib/platform/shared/webhook-events";
import { bookingRequest, freeSlot } from "@/tests/support/booking";
import { jsonRequest } from "@/tests/support/http";
import { qualifyingOwnerSurvey } from "@/tests/support/visitor";
import { workOff } from "@/tests/support/jobs";
import { Browser } from "../../payments/helpers";

// Outgoing webhooks end to end: the funnel's own routes cause the events, the
// queue's handler delivers them to a local receiver that verifies every signature with the
// standardwebhooks package, as an operator's receiver would. Other test files run in parallel and
// cause events too, so assertions look only at this file's events.

type Received = { path: string; id: string; payload: WebhookPayload };
const received: Received[] = [];
const badSignatures: string[] = [];
/** Status codes to answer, in turn, for an event id (then 200). */
const scripted = new Map<string, number[]>();
const secrets = new Map<string, string>();

const receiver = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    const path = req.url ?? "";
    const headers = {
      "webhook-id": String(req.headers["webhook-id"]),
      "webhook-timestamp": String(req.headers["webhook-timestamp"]),
      "webhook-signature": String(req.headers["webhook-signature"]),
    };
    try {
      const payload = new Webhook(secrets.get(path) ?? "").verify(raw, headers) as WebhookPayload;
      received.push({ path, id: headers["webhook-id"], payload });
    } catch {
      badSignatures.push(headers["webhook-id"]);
    }
    if (path === "/redirect") {
      res.writeHead(307, { location: "/ok" });
      res.end();
      return;
    }
    const status = path === "/down" ? 500 : (scripted.get(headers["webhook-id"])?.shift() ?? 200);
    res.writeHead(status, { "content-type": "text/plain" });
    res.end("ok");
  });
});

let base = "";
let okEndpointId = "";
const db = () => getDb();

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const endpoint = await addEndpoint(`${base}/ok`);
  secrets.set("/ok", endpoint.secret);
  okEndpointId = endpoint.id;
});

afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const forEvent = (id: string) => received.filter((r) => r.id === id);

async function registerLead(utm: Record<string, string> = {}) {
  const contactId = randomUUID();
  const email = `hook-${contactId}@example.com`;
  const response = await register(jsonRequest("/api/register", { contactId, name: "Ada Lovelace", email, ...utm }));
  expect(response.status).toBe(200);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  const prospect = await db().prospect.findUniqueOrThrow({ where: { email } });
  return { contactId, email, cookie, prospect };
}

describe("outgoing webhooks", () => {
  it("delivers each event type once, signed, with the documented payload", async () => {
    const lead = await registerLead({ utm_source: "google", utm_medium: "cpc", utm_campaign: "launch" });
    const asked = await survey(qualifyingOwnerSurvey(lead));
    expect(await asked.json()).toEqual({ qualified: true });
    // The built-in calendar and the booking widget's report.
    const consent = await phoneConsent(
      jsonRequest(
        "/api/phone-consent",
        { contactId: lead.contactId, phone: "+1 415 555 7001", consent: true },
        { cookie: lead.cookie },
      ),
    );
    expect(consent.status).toBe(201);
    const booked = await book(bookingRequest(lead, await freeSlot(45), "Europe/Paris"));
    expect(booked.status).toBe(201);
    const { bookingId } = (await booked.json()) as { bookingId: string };
    const widgetEventId = `evt-widget-${randomUUID()}`;
    const reported = await scheduledCall(
      jsonRequest(
        "/api/scheduled-call",
        {
          contactId: lead.contactId,
          eventId: widgetEventId,
          scheduledTime: "2030-01-02T15:00:00.000Z",
          eventType: "Strategy call",
          userTimezone: "Europe/Paris",
        },
        { cookie: lead.cookie },
      ),
    );
    expect(reported.status).toBeLessThan(300);
    // A purchase in the demo gateway, then its refund as the provider's sync records it.
    const browser = new Browser();
    browser.cookie = lead.cookie;
    const intent = await browser.call<{ clientSecret: string; paymentIntentId: string; transactionId: string }>(
      createIntent,
      "/api/create-payment-intent",
      {
        contactId: lead.contactId,
        email: lead.email,
        name: "Ada Lovelace",
        productId: "fast-forward-book",
        quantity: 1,
      },
    );
    expect(intent.status).toBe(200);
    const card = { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" };
    await browser.call(confirmDemo, "/api/demo-payments/confirm", { clientSecret: intent.body.clientSecret, card });
    const claim = {
      email: lead.email,
      name: "Ada Lovelace",
      paymentIntentId: intent.body.paymentIntentId,
      transactionId: intent.body.transactionId,
      contactId: lead.contactId,
    };
    expect((await browser.call(paymentSuccess, "/api/payment-success", claim)).status).toBe(200);
    await fulfilOrder(intent.body.transactionId, { finalStatus: "REFUNDED", forBuyer: false });

    await workOff(QUEUES.webhook);
    const orderId = intent.body.transactionId;
    const ids = {
      created: webhookEventId("lead.created", lead.prospect.id),
      qualified: webhookEventId("lead.qualified", lead.prospect.id),
      builtIn: webhookEventId("call.scheduled", bookingId),
      widget: webhookEventId("call.scheduled", widgetEventId),
      paid: webhookEventId("order.paid", orderId),
      refunded: webhookEventId("order.refunded", orderId),
    };
    for (const id of Object.values(ids)) {
      expect(forEvent(id), id).toHaveLength(1);
      expect(forEvent(id)[0]!.path).toBe("/ok");
    }
    expect(badSignatures).toEqual([]);
    const data = (id: string) => forEvent(id)[0]!.payload;
    const touch = { source: "google", medium: "cpc", campaign: "launch", term: "", content: "" };
    expect(data(ids.created)).toMatchObject({
      id: ids.created,
      type: "lead.created",
      data: { leadId: lead.prospect.id, name: "Ada Lovelace", firstName: "Ada", email: lead.email, firstTouch: touch },
    });
    expect(data(ids.qualified)).toMatchObject({
      type: "lead.qualified",
      data: { leadId: lead.prospect.id, email: lead.email, track: "business_owner", contactId: lead.contactId },
    });
    expect(data(ids.builtIn)).toMatchObject({
      type: "call.scheduled",
      data: { source: "built_in", eventId: bookingId, email: lead.email, userTimezone: "Europe/Paris" },
    });
    expect(data(ids.widget)).toMatchObject({
      type: "call.scheduled",
      data: { source: "booking_widget", eventId: widgetEventId, scheduledTime: "2030-01-02T15:00:00.000Z" },
    });
    const order = {
      transactionId: orderId,
      leadId: lead.prospect.id,
      email: lead.email,
      productId: "fast-forward-book",
      quantity: 1,
      unitAmount: 700,
      totalAmount: 700,
      currency: "usd",
      attribution: { funnelSessionId: lead.contactId, firstTouch: touch, lastTouch: touch },
    };
    expect(data(ids.paid)).toMatchObject({ type: "order.paid", data: order });
    expect(data(ids.refunded)).toMatchObject({ type: "order.refunded", data: order });
    // Nothing a CRM should not hold.
    const everything = JSON.stringify(Object.values(ids).map(data));
    expect(everything).not.toMatch(/password|token|secret|phone|\+1 415/i);
    const attempts = await db().webhookAttempt.findMany({
      where: { delivery: { eventId: { in: Object.values(ids) } } },
    });
    expect(attempts).toHaveLength(6);
    expect(attempts.every((a) => a.succeeded && a.statusCode === 200 && a.attempt === 1)).toBe(true);
  });

  it("records a failed attempt and schedules the next 5 s later, then succeeds", async () => {
    const lead = await registerLead();
    const eventId = webhookEventId("lead.created", lead.prospect.id);
    scripted.set(eventId, [500]);
    const before = Date.now();
    await workOff(QUEUES.webhook);
    const delivery = await db().webhookDelivery.findFirstOrThrow({
      where: { eventId, endpointId: okEndpointId },
      include: { attemptsMade: true },
    });
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(delivery.attemptsMade).toMatchObject([{ attempt: 1, statusCode: 500, succeeded: false, error: "HTTP 500" }]);
    const [job] = await db().$queryRaw<{ id: string; start_after: Date }[]>`
      SELECT id, start_after FROM pgboss.job
      WHERE name = ${QUEUES.webhook} AND data->>'deliveryId' = ${delivery.id} AND (data->>'attempt')::int = 2`;
    expect(job).toBeDefined();
    const wait = job!.start_after.getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(4_500);
    expect(wait).toBeLessThan(15_000);
    expect(Math.abs(job!.start_after.getTime() - delivery.nextAttemptAt!.getTime())).toBeLessThan(1_000);
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: okEndpointId } })).failingSince).not.toBeNull();

    // Not waiting 5 s: the job is made due now, as the clock would.
    await db().$executeRaw`UPDATE pgboss.job SET start_after = now() WHERE id = ${job!.id}::uuid`;
    await workOff(QUEUES.webhook);
    const done = await db().webhookDelivery.findUniqueOrThrow({
      where: { id: delivery.id },
      include: { attemptsMade: { orderBy: { attempt: "asc" } } },
    });
    expect(done).toMatchObject({ status: "SUCCEEDED", attempts: 2, nextAttemptAt: null });
    expect(done.attemptsMade.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 200],
    ]);
    expect(forEvent(eventId)).toHaveLength(2);
    // A job run again (a crash after the commit, a duplicate) sends nothing more.
    expect(await deliverWebhook(delivery.id, 2)).toBe("done");
    expect(await deliverWebhook(delivery.id, 3)).toBe("done");
    expect(forEvent(eventId)).toHaveLength(2);
    // One webhook-id for both attempts: the receiver deduplicates by it.
    expect(new Set(forEvent(eventId).map((r) => r.payload.id))).toEqual(new Set([eventId]));
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: okEndpointId } })).failingSince).toBeNull();
  });

  it("disables an endpoint that has failed for 5 days, and stops its deliveries", async () => {
    const down = await addEndpoint(`${base}/down`, ["lead.created"]);
    secrets.set("/down", down.secret);
    await db().webhookEndpoint.update({
      where: { id: down.id },
      data: { failingSince: new Date(Date.now() - 5 * 24 * 3600_000 - 60_000) },
    });
    const lead = await registerLead();
    const eventId = webhookEventId("lead.created", lead.prospect.id);
    await workOff(QUEUES.webhook);
    const endpoint = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: down.id } });
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabledAt).not.toBeNull();
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { eventId, endpointId: down.id } });
    expect(delivery).toMatchObject({ status: "SKIPPED", nextAttemptAt: null });
    const [pending] = await db().$queryRaw<{ count: bigint }[]>`
      SELECT count(*) FROM pgboss.job WHERE name = ${QUEUES.webhook} AND data->>'deliveryId' = ${delivery.id}
        AND state IN ('created', 'retry')`;
    expect(Number(pending!.count)).toBe(0);
    // The working endpoint got the same event.
    expect(forEvent(eventId).map((r) => r.path)).toContain("/ok");

    // New events no longer reach it.
    const later = await registerLead();
    const laterId = webhookEventId("lead.created", later.prospect.id);
    expect(await db().webhookDelivery.count({ where: { eventId: laterId, endpointId: down.id } })).toBe(0);
  });

  it("gives the same cause the same event id and one delivery", async () => {
    const lead = await registerLead();
    const eventId = `evt-widget-${randomUUID()}`;
    const report = () =>
      scheduledCall(
        jsonRequest(
          "/api/scheduled-call",
          { contactId: lead.contactId, eventId, eventType: "Strategy call", userTimezone: "UTC" },
          { cookie: lead.cookie },
        ),
      );
    await Promise.all([report(), report()]);
    await report();
    const id = webhookEventId("call.scheduled", eventId);
    expect(await db().webhookEvent.count({ where: { id } })).toBe(1);
    expect(await db().webhookDelivery.count({ where: { eventId: id, endpointId: okEndpointId } })).toBe(1);
    // Emitting the cause again directly is a no-op too.
    const again = await db().$transaction((tx) =>
      emitWebhookEvent(tx, "call.scheduled", eventId, {
        callId: "x",
        eventId,
        source: "booking_widget",
        leadId: null,
        name: null,
        email: null,
        contactId: lead.contactId,
        scheduledTime: null,
        eventType: "Strategy call",
        userTimezone: "UTC",
      }),
    );
    expect(again).toBeNull();
    await workOff(QUEUES.webhook);
    expect(forEvent(id)).toHaveLength(1);
  });

  it("never follows a redirect and refuses URLs that are not http(s)", async () => {
    secrets.set("/redirect", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    const before = received.length;
    const result = await sendAttempt(
      { url: `${base}/redirect`, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
      "evt_redirect",
      "{}",
    );
    expect(result).toMatchObject({ statusCode: 307, succeeded: false, error: "HTTP 307" });
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)!.path).toBe("/redirect");
    const ftp = await sendAttempt(
      { url: "ftp://example.com/x", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
      "e",
      "{}",
    );
    expect(ftp).toMatchObject({ statusCode: null, succeeded: false });
    await expect(addEndpoint("javascript:alert(1)")).rejects.toThrow("https://");
  });
});
