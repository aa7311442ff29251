import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { clickTokens, createLead, PROMO_TEMPLATE, promoHtml, promoText } from "@/tests/support/marketing-mail";

// Click tracking: a marketing e-mail's links go through /r/<signed token>, which records one click
// and redirects; a forged token is a 404 page, never a redirect; the off switch, transactional and
// secret-link e-mails and a GPC signal leave links as written.

const SITE = "http://localhost:3000";

afterAll(() => {
  delete process.env.EMAIL_CLICK_TRACKING;
});

async function load(tracking: "true" | "false" | undefined) {
  vi.resetModules();
  if (tracking === undefined) delete process.env.EMAIL_CLICK_TRACKING;
  else process.env.EMAIL_CLICK_TRACKING = tracking;
  const route = await import("@/app/r/[token]/route");
  return {
    ...(await import("@/lib/platform/server/mail/mailer")),
    ...(await import("@/lib/platform/server/mail/click-token")),
    ...(await import("@/lib/platform/server/db")),
    follow: (token: string, method: "GET" | "HEAD" = "GET") =>
      route[method](new Request(`${SITE}/r/${token}`, { method }), { params: Promise.resolve({ token }) }),
  };
}

type App = Awaited<ReturnType<typeof load>>;

async function sendPromo(app: App, lead: { id: string; email: string }, template = PROMO_TEMPLATE) {
  const id = await app.enqueueEmail({
    template,
    to: lead.email,
    subject: "Spring sale",
    html: promoHtml(SITE),
    text: promoText(SITE),
    prospectId: lead.id,
  });
  return app.getDb().outgoingEmail.findUniqueOrThrow({ where: { id } });
}

describe("click tracking", () => {
  it("rewrites a marketing e-mail's links, but not its unsubscribe or mailto links", async () => {
    const app = await load(undefined);
    const email = await sendPromo(app, await createLead());
    const tokens = clickTokens(email.html);
    expect(tokens.map((t) => app.verifyClickToken(t))).toEqual([
      { emailId: email.id, url: `${SITE}/offer?utm_source=email&utm_campaign=spring` },
      { emailId: email.id, url: "https://blog.example/tips" },
    ]);
    expect(email.html).toContain('href="mailto:help@example.test"');
    expect(email.html).toMatch(/href="http:\/\/localhost:3000\/unsubscribe\?token=/);
    expect(email.text).not.toContain("https://blog.example/tips");
    expect(email.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=/);
    expect(JSON.stringify(email.headers)).toContain("/unsubscribe?token=");
  });

  it("records one click with the e-mail, lead, time and URL, and redirects with a 302", async () => {
    const app = await load(undefined);
    const lead = await createLead();
    const email = await sendPromo(app, lead);
    const [offer, blog] = clickTokens(email.html);
    const before = Date.now();
    const answer = await app.follow(offer!);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`${SITE}/offer?utm_source=email&utm_campaign=spring`);
    // A double click, and a link scanner's HEAD, add nothing; another link does.
    expect((await app.follow(offer!)).status).toBe(302);
    expect((await app.follow(offer!, "HEAD")).status).toBe(302);
    expect((await app.follow(blog!)).headers.get("location")).toBe("https://blog.example/tips");
    const clicks = await app
      .getDb()
      .emailLinkClick.findMany({ where: { emailId: email.id }, orderBy: { clickedAt: "asc" } });
    expect(clicks.map((c) => [c.prospectId, c.url])).toEqual([
      [lead.id, `${SITE}/offer?utm_source=email&utm_campaign=spring`],
      [lead.id, "https://blog.example/tips"],
    ]);
    expect(clicks[0]!.clickedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("answers a forged or tampered token with a 404 page and records nothing", async () => {
    const app = await load(undefined);
    const email = await sendPromo(app, await createLead());
    const [token] = clickTokens(email.html);
    const [id, , signature] = token!.split(".");
    const evil = Buffer.from("https://evil.example/", "utf8").toString("base64url");
    const forged = app.signClickToken({ emailId: randomUUID(), url: "https://evil.example/" });
    for (const bad of [`${id}.${evil}.${signature}`, "not-a-token", `${token}x`, forged.replace(/.$/, "A")]) {
      const answer = await app.follow(bad);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("location")).toBeNull();
      expect(answer.headers.get("content-type")).toContain("text/html");
      const page = await answer.text();
      expect(page).toContain("This link does not work");
      expect(page).not.toContain("evil.example");
    }
    expect(await app.getDb().emailLinkClick.count({ where: { emailId: email.id } })).toBe(0);
  });

  it("leaves links as written when switched off, in transactional and secret-link e-mails, and for a GPC signal", async () => {
    const off = await load("false");
    const untouched = await sendPromo(off, await createLead());
    expect(clickTokens(untouched.html)).toEqual([]);
    expect(untouched.html).toContain('href="https://blog.example/tips"');
    expect(untouched.text).toContain("https://blog.example/tips");

    const on = await load("true");
    const receipt = await sendPromo(on, await createLead(), "purchase-confirmation");
    expect(receipt.html).toBe(promoHtml(SITE));
    const recovery = await sendPromo(on, await createLead(), "checkout-recovery");
    expect(recovery.sealedBody).not.toBeNull();
    expect(recovery.html).toBe("");
    const { storedBody } = on;
    expect(clickTokens(storedBody(recovery).html)).toEqual([]);
    const gpc = await sendPromo(on, await createLead({ gpc: true }));
    expect(clickTokens(gpc.html)).toEqual([]);
    expect(gpc.html).toContain('href="https://blog.example/tips"');
  });
});
