import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/register/route";
import { getDb } from "@/lib/platform/server/db";
import { renderWelcomeEmail, welcomeParams } from "@/lib/leads/server/welcome-email";
import { cookieFrom, jsonRequest } from "@/tests/support/http";
import { newVisitor } from "@/tests/support/visitor";
import { pollUntil } from "@/tests/support/wait";
import { workOff } from "@/tests/support/jobs";
import { QUEUES } from "@/lib/platform/shared/queues";

describe("POST /api/register — welcome e-mail, GPC, one prospect per e-mail", () => {
  it("queues the welcome e-mail with the download link and delivers it after the response (outbox)", async () => {
    const { contactId, email } = newVisitor();
    const response = await register(jsonRequest("/api/register", { contactId, name: "Katherine G. Johnson", email }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, contactId, firstName: "Katherine" });

    const prospect = await getDb().prospect.findUniqueOrThrow({ where: { email } });
    await workOff(QUEUES.email);
    const row = await pollUntil(
      "the welcome e-mail settled",
      () => getDb().outgoingEmail.findFirstOrThrow({ where: { prospectId: prospect.id } }),
      (r) => r.status !== "QUEUED",
      { ms: 5_000 },
    );
    expect(row).toMatchObject({
      template: "welcome",
      recipient: email,
      subject: "Your free copy of Fast Forward",
      status: "LOGGED",
    });
    expect(row.html).toContain("http://localhost:3000/free-download");
    expect(row.html).toContain("Hi Katherine,");
    expect(row.text).toContain("http://localhost:3000/free-download");
  });

  it("keeps one prospect for a repeated registration and does not mail again within a day", async () => {
    const { contactId, email } = newVisitor();
    const first = await register(jsonRequest("/api/register", { contactId, name: "Ada Lovelace", email }));
    const cookie = cookieFrom(first);
    const second = await register(
      jsonRequest("/api/register", { contactId, name: "Ada King", email: ` ${email.toUpperCase()} ` }, { cookie }),
    );
    expect(second.status).toBe(200);
    const prospects = await getDb().prospect.findMany({ where: { email } });
    expect(prospects).toHaveLength(1);
    expect(prospects[0]).toMatchObject({ name: "Ada King", firstName: "Ada", lastName: "King" });
    expect(await getDb().outgoingEmail.count({ where: { prospectId: prospects[0]!.id } })).toBe(1);
  });

  it("keeps first-touch UTM and moves last touch", async () => {
    const { contactId, email } = newVisitor();
    const first = await register(
      jsonRequest("/api/register", { contactId, name: "Ada", email, utm_source: "news", utm_campaign: "launch" }),
    );
    await register(
      jsonRequest(
        "/api/register",
        { contactId, name: "Ada", email, utm_source: "podcast", utm_medium: "audio" },
        { cookie: cookieFrom(first) },
      ),
    );
    expect(await getDb().prospect.findUniqueOrThrow({ where: { email } })).toMatchObject({
      firstUtmSource: "news",
      firstUtmCampaign: "launch",
      firstUtmMedium: "",
      lastUtmSource: "podcast",
      lastUtmMedium: "audio",
      lastUtmCampaign: "",
    });
  });

  it.each([
    ["the Sec-GPC: 1 header", { "sec-gpc": "1" }, {}, true],
    ["navigator.globalPrivacyControl in the body", {}, { gpc: true }, true],
    ["neither", {}, { gpc: false }, false],
  ])("marks the session GPC opted out from %s", async (_name, headers, extra, expected) => {
    const { contactId, email } = newVisitor();
    const response = await register(
      jsonRequest("/api/register", { contactId, name: "Ada", email, ...extra }, { headers }),
    );
    expect(response.status).toBe(200);
    const session = await getDb().funnelSession.findUniqueOrThrow({ where: { id: contactId } });
    expect(session.gpcOptOut).toBe(expected);
  });

  it("renders every template parameter", async () => {
    const params = welcomeParams({
      email: "a@example.com",
      name: "Ada King Lovelace",
      firstName: "Ada",
      lastName: "King Lovelace",
    });
    expect(params).toEqual({
      to_email: "a@example.com",
      to_name: "Ada King Lovelace",
      firstName: "Ada",
      lastName: "King Lovelace",
      fullName: "Ada King Lovelace",
      downloadUrl: "http://localhost:3000/free-download",
    });
    const { html, text } = await renderWelcomeEmail(params);
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(text).toContain("Hi Ada,");
  });
});
