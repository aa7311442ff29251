import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resendWebhookRequest, startResendDouble, type ResendDouble } from "../../../doubles/resend-api";

// POST /api/resend/webhook: Resend's delivery events, Svix-signed. Each message's events are kept
// once; a permanent bounce or a complaint suppresses the address for marketing mail.

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
let resend: ResendDouble;

beforeAll(async () => {
  resend = await startResendDouble();
});
afterAll(async () => {
  await resend.close();
  for (const key of ["RESEND_API_KEY", "RESEND_BASE_URL", "RESEND_WEBHOOK_SECRET"]) delete process.env[key];
});

async function load(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  return {
    ...(await import("@/lib/platform/server/mail/mailer")),
    ...(await import("@/lib/platform/server/mail/deliver-email")),
    ...(await import("@/lib/platform/server/mail/suppression-list")),
    ...(await import("@/lib/platform/server/mail/unsubscribe-keys")),
    ...(await import("@/lib/platform/server/db")),
    route: (await import("@/app/api/resend/webhook/route")).POST,
  };
}

const configured = () =>
  load({ RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url, RESEND_WEBHOOK_SECRET: SECRET });

/** A checkout-recovery (marketing) e-mail sent through the Resend double: its row and Resend's id. */
async function sentMarketing(app: Awaited<ReturnType<typeof load>>, to: string) {
  const id = await app.enqueueEmail({
    template: "checkout-recovery",
    to,
    subject: "Your order",
    html: "<p>x</p>",
    text: "x",
  });
  await app.deliverEmail(id);
  const row = await app.getDb().outgoingEmail.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe("SENT");
  return { id, providerId: row.providerId! };
}

const eventsOf = (app: Awaited<ReturnType<typeof load>>, emailId: string) =>
  app.getDb().emailDeliveryEvent.findMany({ where: { emailId }, orderBy: { occurredAt: "asc" } });

describe("POST /api/resend/webhook", () => {
  it("records a delivery once, however often Resend sends the same message", async () => {
    const app = await configured();
    const { id, providerId } = await sentMarketing(app, `ada-${randomUUID()}@example.com`);
    const messageId = `msg_${randomUUID()}`;
    for (let i = 0; i < 3; i += 1) {
      const answer = await app.route(
        resendWebhookRequest(SECRET, { type: "email.delivered", data: { email_id: providerId } }, { id: messageId }),
      );
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual(i === 0 ? { received: true } : { received: true, duplicate: true });
    }
    expect((await eventsOf(app, id)).map((e) => [e.type, e.bounceType])).toEqual([["delivered", null]]);
  });

  it("suppresses a permanently bounced or complaining address, and not a transient bounce", async () => {
    const app = await configured();
    const bounced = `gone-${randomUUID()}@example.com`;
    const full = `full-${randomUUID()}@example.com`;
    const annoyed = `annoyed-${randomUUID()}@example.com`;
    const events = [
      [bounced, "email.bounced", { type: "Permanent", subType: "General", message: "550 5.1.1 no such user" }],
      [full, "email.bounced", { type: "Transient", subType: "MailboxFull", message: "452 mailbox full" }],
      [annoyed, "email.complained", undefined],
    ] as const;
    for (const [to, type, bounce] of events) {
      const { id, providerId } = await sentMarketing(app, to);
      const data = { email_id: providerId, to: [to], ...(bounce ? { bounce } : {}) };
      expect((await app.route(resendWebhookRequest(SECRET, { type, data }))).status).toBe(200);
      const [event] = await eventsOf(app, id);
      expect(event).toMatchObject({ type: type.slice("email.".length), bounceType: bounce?.type ?? null });
      // Neither the address nor the bounce text is kept on the event.
      expect(JSON.stringify(event)).not.toContain(to);
    }
    expect(await app.isSuppressed(bounced)).toBe(true);
    expect(await app.isSuppressed(full)).toBe(false);
    expect(await app.isSuppressed(annoyed)).toBe(true);
    const reasonOf = async (address: string) =>
      (await app.getDb().emailSuppression.findUnique({ where: { addressHash: app.addressHash(address) } }))?.reason;
    expect([await reasonOf(bounced), await reasonOf(annoyed)]).toEqual(["HARD_BOUNCE", "COMPLAINT"]);

    // The next marketing message to the bounced address is never sent.
    const before = resend.requests();
    const next = await app.enqueueEmail({
      template: "checkout-recovery",
      to: bounced,
      subject: "Again",
      html: "<p>x</p>",
      text: "x",
    });
    await app.deliverEmail(next);
    expect((await app.getDb().outgoingEmail.findUniqueOrThrow({ where: { id: next } })).status).toBe("SUPPRESSED");
    expect(resend.requests()).toBe(before);
  });

  it("refuses a forged, stale or unsigned event and records nothing", async () => {
    const app = await configured();
    const address = `ada-${randomUUID()}@example.com`;
    const { id, providerId } = await sentMarketing(app, address);
    const event = { type: "email.complained", data: { email_id: providerId } };
    const forged = resendWebhookRequest(`whsec_${randomBytes(24).toString("base64")}`, event);
    const stale = resendWebhookRequest(SECRET, event, { sentAt: new Date(Date.now() - 10 * 60_000) });
    const unsigned = resendWebhookRequest(SECRET, event);
    unsigned.headers.delete("svix-signature");
    for (const [request, code] of [
      [forged, "invalid_signature"],
      [stale, "invalid_signature"],
      [unsigned, "missing_signature"],
    ] as const) {
      const answer = await app.route(request);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect(await eventsOf(app, id)).toEqual([]);
    expect(await app.isSuppressed(address)).toBe(false);
  });

  it("acknowledges events for other messages or of other kinds without keeping them", async () => {
    const app = await configured();
    const { id, providerId } = await sentMarketing(app, `ada-${randomUUID()}@example.com`);
    for (const event of [
      { type: "email.delivered", data: { email_id: randomUUID() } },
      { type: "email.sent", data: { email_id: providerId } },
      { type: "contact.created", data: { id: randomUUID() } },
    ]) {
      const answer = await app.route(resendWebhookRequest(SECRET, event));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, ignored: true });
    }
    expect(await eventsOf(app, id)).toEqual([]);
  });

  it("answers 404 while no signing secret is configured", async () => {
    const app = await load({ RESEND_WEBHOOK_SECRET: undefined });
    const answer = await app.route(resendWebhookRequest(SECRET, { type: "email.delivered", data: { email_id: "x" } }));
    expect(answer.status).toBe(404);
  });
});
