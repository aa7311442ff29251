import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { POST as register } from "@/app/api/register/route";
import { POST as survey } from "@/app/api/survey/route";
import { POST as confirm } from "@/app/api/confirm-email/route";
import { getCurrentVisitor } from "@/lib/leads/server/current-visitor";
import { vipFirstName } from "@/lib/leads/server/vip-greeting";
import { confirmLeadClaim } from "@/lib/leads/server/confirm-claim";
import { CLAIM_LIFETIME_MS } from "@/lib/leads/server/register-prospect";
import { getDb } from "@/lib/platform/server/db";
import { cookieFrom, errorOf, jsonRequest } from "@/tests/support/http";
import { emailedLinkToken } from "@/tests/support/email-links";
import { OWNER_QUALIFYING } from "@/tests/support/visitor";

// A known address changes nothing without the e-mailed link: the second browser keeps what it
// entered on its own session, and sees nothing stored about the lead.

const jar = vi.hoisted(() => ({ cookie: "" }));
vi.mock("next/headers", () => ({
  cookies: () =>
    Promise.resolve({
      getAll: (name: string) => {
        const [key, ...value] = jar.cookie.split("=");
        return key === name ? [{ name: key, value: value.join("=") }] : [];
      },
    }),
}));

/** What the funnel's pages read for the browser holding `cookie`. */
async function pagesSeenBy(cookie: string) {
  jar.cookie = cookie;
  return { visitor: await getCurrentVisitor(), greeting: await vipFirstName() };
}

async function optIn(email: string, name: string, extra: Record<string, string> = {}, cookie?: string) {
  const contactId = randomUUID();
  const response = await register(jsonRequest("/api/register", { contactId, name, email, ...extra }, { cookie }));
  expect(response.status).toBe(200);
  return { contactId, cookie: cookie ?? cookieFrom(response), body: (await response.json()) as unknown };
}

/** Browser A opts in first; browser B then uses the same address with another name and campaign. */
async function twoBrowsers() {
  const email = `owner-${randomUUID()}@example.com`;
  const a = await optIn(email, "Ada Lovelace", { utm_source: "news" });
  const b = await optIn(email.toUpperCase(), "Mallory Mayhem", { utm_source: "evil", utm_campaign: "grab" });
  const lead = await getDb().prospect.findUniqueOrThrow({ where: { email } });
  return { email, a, b, lead };
}

describe("POST /api/register with an address that already has a lead", () => {
  it("keeps the lead's name and attribution, does not link the second browser, and shows it only its own entry", async () => {
    const { email, a, b, lead } = await twoBrowsers();
    expect(lead).toMatchObject({
      name: "Ada Lovelace",
      firstName: "Ada",
      firstUtmSource: "news",
      lastUtmSource: "news",
    });
    expect(lead.lastUtmCampaign).toBe("");
    expect(b.body).toEqual({ success: true, contactId: b.contactId, firstName: "Mallory" });

    const sessionB = await getDb().funnelSession.findUniqueOrThrow({ where: { id: b.contactId } });
    expect(sessionB.prospectId).toBeNull();
    expect((await getDb().funnelSession.findUniqueOrThrow({ where: { id: a.contactId } })).prospectId).toBe(lead.id);

    // B's answers stay on B's session; the verdict comes from B's own answers.
    const answered = await survey(
      jsonRequest(
        "/api/survey",
        { contactId: b.contactId, hasBusiness: "Yes", businessOwnerResponses: OWNER_QUALIFYING },
        { cookie: b.cookie },
      ),
    );
    expect(await answered.json()).toEqual({ qualified: true });
    const responseB = await getDb().surveyResponse.findFirstOrThrow({ where: { sessionId: b.contactId } });
    expect(responseB.prospectId).toBeNull();

    const seenByB = await pagesSeenBy(b.cookie);
    expect(seenByB.visitor?.contact).toEqual({
      name: "Mallory Mayhem",
      firstName: "Mallory",
      lastName: "Mayhem",
      email,
    });
    expect(seenByB.visitor?.prospect).toBeNull();
    expect(seenByB.greeting).toBe("Mallory");
    expect(JSON.stringify(seenByB)).not.toContain("Ada");
    expect(JSON.stringify(seenByB)).not.toContain(lead.id);

    const seenByA = await pagesSeenBy(a.cookie);
    expect(seenByA.visitor?.contact?.name).toBe("Ada Lovelace");
    expect(seenByA.greeting).toBe("Ada");
  });

  it("answers a new and a known address alike", async () => {
    const { b } = await twoBrowsers();
    const fresh = await optIn(`fresh-${randomUUID()}@example.com`, "Mallory Mayhem");
    expect(Object.keys(b.body as object)).toEqual(Object.keys(fresh.body as object));
    expect((b.body as { firstName: string }).firstName).toBe((fresh.body as { firstName: string }).firstName);
  });

  it("lets the browser that created the lead update it, as before", async () => {
    const email = `same-${randomUUID()}@example.com`;
    const a = await optIn(email, "Ada Lovelace");
    const again = await optIn(email, "Ada King", { utm_source: "podcast" }, a.cookie);
    const lead = await getDb().prospect.findUniqueOrThrow({ where: { email } });
    expect(lead).toMatchObject({ name: "Ada King", lastUtmSource: "podcast" });
    expect((await getDb().funnelSession.findUniqueOrThrow({ where: { id: again.contactId } })).prospectId).toBe(
      lead.id,
    );
    expect(await getDb().leadClaim.count({ where: { prospectId: lead.id } })).toBe(0);
  });

  it("e-mails the address a single-use link whose hash alone is stored; confirming attaches B's session and answers", async () => {
    const { email, b, lead } = await twoBrowsers();
    await survey(
      jsonRequest(
        "/api/survey",
        { contactId: b.contactId, hasBusiness: "Yes", businessOwnerResponses: OWNER_QUALIFYING },
        { cookie: b.cookie },
      ),
    );
    const token = await emailedLinkToken(email, "welcome-confirm", "/confirm-email");
    const claim = await getDb().leadClaim.findUniqueOrThrow({ where: { sessionId: b.contactId } });
    expect(JSON.stringify(claim)).not.toContain(token);
    // The owner's own welcome e-mail carries no link.
    const welcome = await getDb().outgoingEmail.findFirstOrThrow({ where: { recipient: email, template: "welcome" } });
    expect(welcome.text).not.toContain("/confirm-email");

    // Opening the page confirms nothing: only the button's POST does.
    expect((await getDb().funnelSession.findUniqueOrThrow({ where: { id: b.contactId } })).prospectId).toBeNull();
    const confirmed = await confirm(jsonRequest("/api/confirm-email", { token }));
    expect(confirmed.status).toBe(200);

    expect((await getDb().funnelSession.findUniqueOrThrow({ where: { id: b.contactId } })).prospectId).toBe(lead.id);
    expect((await getDb().surveyResponse.findFirstOrThrow({ where: { sessionId: b.contactId } })).prospectId).toBe(
      lead.id,
    );
    // The address's owner typed this name: it replaces the old one; first touch never moves.
    expect(await getDb().prospect.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({
      name: "Mallory Mayhem",
      firstUtmSource: "news",
      lastUtmSource: "evil",
      lastUtmCampaign: "grab",
    });
    expect((await pagesSeenBy(b.cookie)).visitor?.prospect?.id).toBe(lead.id);

    const again = await confirm(jsonRequest("/api/confirm-email", { token }));
    expect(again.status).toBe(404);
    expect((await errorOf(again)).code).toBe("email_link_invalid");
  });

  it("refuses an expired or unknown link and leaves the session unlinked", async () => {
    const { email, b } = await twoBrowsers();
    const token = await emailedLinkToken(email, "welcome-confirm", "/confirm-email");
    const later = new Date(Date.now() + CLAIM_LIFETIME_MS + 1000);
    await expect(confirmLeadClaim(token, later)).rejects.toMatchObject({ code: "email_link_invalid" });
    const unknown = await confirm(jsonRequest("/api/confirm-email", { token: "A".repeat(43) }));
    expect(unknown.status).toBe(404);
    expect((await getDb().funnelSession.findUniqueOrThrow({ where: { id: b.contactId } })).prospectId).toBeNull();
  });
});
