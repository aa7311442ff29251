import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resendWebhookRequest, startResendDouble, type ResendDouble } from "../../doubles/resend-api";
import { nextPeer, peerHeader } from "@/tests/support/http";
import { clickTokens, createLead, promoHtml, promoText } from "@/tests/support/marketing-mail";

// The e-mail report against a hand-counted set, all sent through the Resend double in April 2034:
//
//   e-mail        lead  what happened                                  counted?
//   spring A1     L1    delivered; clicked 04-02 10:00 (and again)     yes
//   spring A2     L2    delivered; clicked 04-02 10:00                 yes
//   spring A3     L3    bounced (Permanent)                            yes
//   spring A4     L4    delivered, complained                          yes
//   spring A5     L5    delivered, unsubscribed through its link       yes
//   spring A6     L6    delivered, clicked; L6 is a test lead          no (excluded lead)
//   spring A7     L1    sent 03-31                                     no (before the range)
//   autumn B1     L1    delivered; clicked 04-03 10:00                 yes
//   step 1 S1     L1    a free-reader sequence e-mail, delivered; clicked 04-04 09:00  yes
//   step 1 S2     L3    the same step, delivered                       yes
//   step 2 S3     L2    the sequence's next step, bounced              yes
//   welcome W1    L1    transactional, no tracked links                yes
//
//   orders: L1 $10.00 04-02 12:00 → A1 (its last click then); L1 $49.00 04-05 10:00 → S1 (last click
//   wins, and counted for that step); L2 $30.00 04-10 10:00, 8 days after its click → nobody; L2 $99.00 04-03 flagged test → left
//   out; L6 $20.00 04-03 → its e-mail is left out; L4 $15.00 04-03 without any click → nobody.

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
const RANGE = { from: new Date("2034-04-01T00:00:00Z"), to: new Date("2034-04-08T00:00:00Z") };
let resend: ResendDouble;

beforeAll(async () => {
  resend = await startResendDouble();
});
afterAll(async () => {
  await resend.close();
  for (const key of ["RESEND_API_KEY", "RESEND_BASE_URL", "RESEND_WEBHOOK_SECRET"]) delete process.env[key];
});

async function load() {
  vi.resetModules();
  Object.assign(process.env, {
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: resend.url,
    RESEND_WEBHOOK_SECRET: SECRET,
  });
  const click = await import("@/app/r/[token]/route");
  return {
    ...(await import("@/lib/platform/server/mail/mailer")),
    ...(await import("@/lib/platform/server/mail/deliver-email")),
    ...(await import("@/lib/platform/server/db")),
    ...(await import("@/lib/console/server/email-report")),
    webhook: (await import("@/app/api/resend/webhook/route")).POST,
    unsubscribe: (await import("@/app/api/unsubscribe/route")).POST,
    click: (token: string) =>
      click.GET(new Request(`http://localhost:3000/r/${token}`), { params: Promise.resolve({ token }) }),
  };
}

type App = Awaited<ReturnType<typeof load>>;
const at = (iso: string) => new Date(iso);

async function send(
  app: App,
  template: string,
  lead: { id: string; email: string },
  sentAt: string,
  sequenceStepId?: string,
) {
  const id = await app.enqueueEmail({
    template,
    sequenceStepId,
    to: lead.email,
    subject: template,
    html: promoHtml("http://localhost:3000"),
    text: promoText("http://localhost:3000"),
    prospectId: lead.id,
  });
  await app.deliverEmail(id);
  const row = await app.getDb().outgoingEmail.update({ where: { id }, data: { sentAt: at(sentAt) } });
  expect(row.status).toBe("SENT");
  return row;
}

async function event(app: App, providerId: string | null, type: string, bounce?: { type: string }) {
  const data = { email_id: providerId, ...(bounce ? { bounce } : {}) };
  expect((await app.webhook(resendWebhookRequest(SECRET, { type, data }))).status).toBe(200);
}

async function clickAt(app: App, html: string, when: string) {
  const [token] = clickTokens(html);
  expect((await app.click(token!)).status).toBe(302);
  const emailId = token!.split(".")[0]!;
  await app.getDb().emailLinkClick.updateMany({
    where: { emailId, clickedAt: { lt: at("2030-01-01") } },
    data: { clickedAt: at(when) },
  });
}

async function order(app: App, lead: { id: string; email: string }, cents: number, when: string, test = false) {
  const tag = randomUUID();
  await app.getDb().order.create({
    data: {
      contactId: tag,
      prospectId: lead.id,
      email: lead.email,
      name: "Buyer",
      productId: "fast-forward-book",
      productName: "Fast Forward",
      isSubscription: false,
      quantity: 1,
      unitPrice: cents,
      totalAmount: cents,
      status: "SUCCEEDED",
      browserId: `b-${tag}`,
      gateway: "demo",
      idempotencyKey: `email-report-${tag}`,
      createdAt: at(when),
      excludedAs: test ? "test" : null,
    },
  });
}

describe("e-mail report", () => {
  it("counts each template's e-mails once per outcome and credits revenue to the last click within 7 days", async () => {
    const app = await load();
    const [L1, L2, L3, L4, L5, L6] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createLead()));
    await app.getDb().prospect.update({ where: { id: L6!.id }, data: { excludedAs: "test" } });

    const A1 = await send(app, "spring-sale", L1!, "2034-04-01T09:00:00Z");
    const A2 = await send(app, "spring-sale", L2!, "2034-04-01T09:00:00Z");
    const A3 = await send(app, "spring-sale", L3!, "2034-04-01T09:00:00Z");
    const A4 = await send(app, "spring-sale", L4!, "2034-04-01T09:00:00Z");
    const A5 = await send(app, "spring-sale", L5!, "2034-04-01T09:00:00Z");
    const A6 = await send(app, "spring-sale", L6!, "2034-04-01T09:00:00Z");
    const A7 = await send(app, "spring-sale", L1!, "2034-03-31T09:00:00Z");
    const B1 = await send(app, "autumn-sale", L1!, "2034-04-02T09:00:00Z");
    const W1 = await send(app, "welcome", L1!, "2034-04-01T09:00:00Z");
    const [first, second] = await app.getDb().sequenceStep.findMany({
      where: { sequence: { key: "free-reader" } },
      orderBy: { position: "asc" },
      include: { sequence: true },
    });
    const S1 = await send(app, "sequence-step", L1!, "2034-04-03T09:00:00Z", first!.id);
    const S2 = await send(app, "sequence-step", L3!, "2034-04-03T09:00:00Z", first!.id);
    const S3 = await send(app, "sequence-step", L2!, "2034-04-04T09:00:00Z", second!.id);
    expect(clickTokens(W1.html)).toEqual([]);

    for (const email of [A1, A2, A4, A5, A6, A7, B1, W1, S1, S2]) await event(app, email.providerId, "email.delivered");
    await event(app, A3.providerId, "email.bounced", { type: "Permanent" });
    await event(app, S3.providerId, "email.bounced", { type: "Permanent" });
    await event(app, A4.providerId, "email.complained");
    const token = /\/unsubscribe\?token=([^>]+)>/.exec(JSON.stringify(A5.headers))?.[1] ?? "";
    const unsubscribed = await app.unsubscribe(
      new Request(`http://localhost:3000/api/unsubscribe?token=${token}`, {
        method: "POST",
        headers: { ...peerHeader(nextPeer()), "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
    );
    expect(unsubscribed.status).toBe(200);

    await clickAt(app, A1.html, "2034-04-02T10:00:00Z");
    await clickAt(app, A1.html, "2034-04-02T10:05:00Z");
    await clickAt(app, A2.html, "2034-04-02T10:00:00Z");
    await clickAt(app, A6.html, "2034-04-02T10:00:00Z");
    await clickAt(app, B1.html, "2034-04-03T10:00:00Z");
    await clickAt(app, S1.html, "2034-04-04T09:00:00Z");

    await order(app, L1!, 1000, "2034-04-02T12:00:00Z");
    await order(app, L1!, 4900, "2034-04-05T10:00:00Z");
    await order(app, L2!, 3000, "2034-04-10T10:00:00Z");
    await order(app, L2!, 9900, "2034-04-03T10:00:00Z", true);
    await order(app, L6!, 2000, "2034-04-03T10:00:00Z");
    await order(app, L4!, 1500, "2034-04-03T10:00:00Z");

    const report = await app.emailReport(RANGE);
    const zero = { step: null, logged: 0, delivered: 0, bounced: 0, complained: 0, unsubscribed: 0, clicked: 0 };
    const stepOf = (step: typeof first) => ({
      id: step!.id,
      sequence: step!.sequence.name,
      position: step!.position,
      subject: step!.subject,
    });
    expect(report.templates).toEqual([
      {
        ...zero,
        template: "autumn-sale",
        kind: "marketing",
        sent: 1,
        delivered: 1,
        clicked: 1,
        attributedOrders: 0,
        revenue: [],
      },
      {
        ...zero,
        template: "sequence-step",
        step: stepOf(first),
        kind: "marketing",
        sent: 2,
        delivered: 2,
        clicked: 1,
        attributedOrders: 1,
        revenue: [{ currency: "usd", amount: 4900 }],
      },
      {
        ...zero,
        template: "sequence-step",
        step: stepOf(second),
        kind: "marketing",
        sent: 1,
        bounced: 1,
        attributedOrders: 0,
        revenue: [],
      },
      {
        step: null,
        template: "spring-sale",
        kind: "marketing",
        sent: 5,
        logged: 0,
        delivered: 4,
        bounced: 1,
        complained: 1,
        unsubscribed: 1,
        clicked: 2,
        attributedOrders: 1,
        revenue: [{ currency: "usd", amount: 1000 }],
      },
      { ...zero, template: "welcome", kind: "transactional", sent: 1, delivered: 1, attributedOrders: 0, revenue: [] },
    ]);
  });
});
