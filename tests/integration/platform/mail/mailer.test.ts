import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A local stand-in for Resend's HTTP API (POST /emails), used through the SDK's baseUrl option.
const received: { auth: string | undefined; idempotencyKey: string | undefined; body: Record<string, unknown> }[] = [];
let failNext = false;
const server = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    if (failNext) {
      failNext = false;
      res.writeHead(422, { "content-type": "application/json" });
      res.end(JSON.stringify({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }));
      return;
    }
    received.push({
      auth: req.headers.authorization,
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      body: JSON.parse(raw) as Record<string, unknown>,
    });
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ id: `re_${received.length}` }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const message = { template: "welcome", to: "ada@example.com", subject: "Hi", html: "<p>Hi</p>", text: "Hi" };

async function loadMailer(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const mailer = await import("@/lib/platform/server/mail/mailer");
  const { deliverEmail } = await import("@/lib/platform/server/mail/deliver-email");
  const { getDb } = await import("@/lib/platform/server/db");
  return { ...mailer, deliverEmail, db: getDb() };
}

describe("mailer", () => {
  it("stores the message in the outbox with status LOGGED when Resend is not configured", async () => {
    const { enqueueEmail, deliverEmail, db } = await loadMailer({ RESEND_API_KEY: undefined });
    const id = await enqueueEmail(message);
    await deliverEmail(id);
    const row = await db.outgoingEmail.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "LOGGED", recipient: "ada@example.com", template: "welcome", error: null });
    // A second delivery of the same row sends nothing.
    await deliverEmail(id);
    expect((await db.outgoingEmail.findUniqueOrThrow({ where: { id } })).status).toBe("LOGGED");
  });

  it("sends through Resend's API with an idempotency key, and keeps a failure's reason for the retry", async () => {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { enqueueEmail, deliverEmail, db } = await loadMailer({
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: baseUrl,
    });
    const id = await enqueueEmail(message);
    await deliverEmail(id);
    expect(await db.outgoingEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "SENT",
      providerId: "re_1",
    });
    expect(received[0]?.auth).toBe("Bearer re_test_key");
    expect(received[0]?.idempotencyKey).toBe(`outgoing-email/${id}`);
    expect(received[0]?.body).toMatchObject({ to: "ada@example.com", subject: "Hi", html: "<p>Hi</p>" });

    // A failed attempt throws (the queue retries it) and leaves the row queued with the reason.
    failNext = true;
    const failing = await enqueueEmail(message);
    await expect(deliverEmail(failing, { finalAttempt: false })).rejects.toThrow("Invalid `to` field.");
    let row = await db.outgoingEmail.findUniqueOrThrow({ where: { id: failing } });
    expect(row).toMatchObject({ status: "QUEUED", attempts: 1 });
    expect(row.error).toContain("Invalid `to` field.");
    // The last attempt's failure is terminal and keeps its reason.
    failNext = true;
    await expect(deliverEmail(failing, { finalAttempt: true })).rejects.toThrow();
    row = await db.outgoingEmail.findUniqueOrThrow({ where: { id: failing } });
    expect(row).toMatchObject({ status: "FAILED", attempts: 2 });
    expect(row.error).toContain("Invalid `to` field.");
    delete process.env.RESEND_API_KEY;
    delete process.env.RESEND_BASE_URL;
  });

  it("keeps attachments on the outbox row and hands them to Resend", async () => {
    const invite = {
      filename: "invite.ics",
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
      content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
    };
    const outbox = await loadMailer({ RESEND_API_KEY: undefined });
    const stored = await outbox.enqueueEmail({ ...message, attachments: [invite] });
    await outbox.deliverEmail(stored);
    const row = await outbox.db.outgoingEmail.findUniqueOrThrow({ where: { id: stored } });
    expect(row.status).toBe("LOGGED");
    expect(outbox.storedAttachments(row.attachments)).toEqual([invite]);

    const sent = received.length;
    const { enqueueEmail, deliverEmail } = await loadMailer({
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    await deliverEmail(await enqueueEmail({ ...message, attachments: [invite] }));
    const attachments = received[sent]?.body.attachments as Record<string, unknown>[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ filename: "invite.ics" });
    expect(Buffer.from(String(attachments[0]!.content), "base64").toString("utf8")).toBe(invite.content);
    expect(JSON.stringify(attachments[0])).toContain("text/calendar");
    // A message without attachments sends none.
    await deliverEmail(await enqueueEmail(message));
    expect(received[sent + 1]?.body).not.toHaveProperty("attachments");
    delete process.env.RESEND_API_KEY;
    delete process.env.RESEND_BASE_URL;
  });

  it("seals a secret-link template's body at rest, sends it whole, then drops it", async () => {
    const link = "http://localhost:3000/admin/setup?token=sealed-test-token";
    const secret = { ...message, template: "operator-setup-link", html: `<a href="${link}">Set</a>`, text: link };
    const invite = { filename: "invite.ics", contentType: "text/calendar", content: `URL:${link}\r\n` };
    const { enqueueEmail, deliverEmail, storedBody, db } = await loadMailer({
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    const id = await enqueueEmail({ ...secret, attachments: [invite] });
    const queued = await db.outgoingEmail.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(queued)).not.toContain("sealed-test-token");
    expect(queued).toMatchObject({ html: "", text: "", attachments: [], recipient: "ada@example.com" });
    expect(storedBody(queued)).toEqual({ html: secret.html, text: link, attachments: [invite], headers: {} });
    // Bound to its row: the sealed body copied onto another row does not open.
    expect(() => storedBody({ ...queued, id: crypto.randomUUID() })).toThrow();

    const sent = received.length;
    await deliverEmail(id);
    expect(received[sent]?.body).toMatchObject({ html: secret.html, text: link });
    expect(await db.outgoingEmail.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "SENT",
      sealedBody: null,
    });
    delete process.env.RESEND_API_KEY;
    delete process.env.RESEND_BASE_URL;
  });
});
