import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as noteRoute } from "@/app/api/admin/leads/note/route";
import { POST as tagsRoute } from "@/app/api/admin/leads/tags/route";
import { POST as resendRoute } from "@/app/api/admin/leads/resend-welcome/route";
import { POST as eraseRoute } from "@/app/api/admin/leads/erase/route";
import { leadDetail } from "@/lib/console/server/lead-detail";
import { suppressAddress } from "@/lib/platform/server/mail/suppression-list";
import { getDb } from "@/lib/platform/server/db";
import { adminRequest, signedInOperator, type SignedInOperator } from "@/tests/support/operator-session";

// The lead page's changes through their console APIs: each one audited, refused with a code from
// the closed table, and notes and tags gone with an erasure.

let operator: SignedInOperator;

beforeAll(async () => {
  operator = await signedInOperator();
});

async function newLead(name = "Nora Notes") {
  const id = randomUUID();
  const email = `lead-actions-${id.slice(0, 8)}@example.test`;
  await getDb().prospect.create({
    data: { id, email, name, firstName: name.split(" ")[0] ?? name, lastName: "Notes" },
  });
  return { id, email };
}

async function call(route: (request: Request) => Promise<Response>, path: string, body: object) {
  const response = await route(adminRequest(path, { body, cookie: operator.cookie }));
  const json = (await response.json()) as Record<string, unknown> & { error?: { code: string; message: string } };
  return { status: response.status, json };
}

const audits = (leadId: string) =>
  getDb().auditLog.findMany({ where: { targetType: "lead", targetId: leadId }, orderBy: { id: "asc" } });

describe("notes", () => {
  it("adds a note the lead page shows with its author; the audit row names it without its text", async () => {
    const lead = await newLead();
    const added = await call(noteRoute, "/api/admin/leads/note", { id: lead.id, text: "  Called; wants the course  " });
    expect(added.status).toBe(200);
    const detail = await leadDetail(lead.id);
    expect(detail?.notes).toMatchObject([{ text: "Called; wants the course", author: operator.email }]);
    const [audit] = await audits(lead.id);
    expect(audit).toMatchObject({ action: "lead.note", operatorId: operator.operatorId });
    expect(JSON.stringify(audit?.details)).not.toContain("Called");
  });

  it("refuses an empty note and an unknown lead with the table's codes", async () => {
    const lead = await newLead();
    expect((await call(noteRoute, "/api/admin/leads/note", { id: lead.id, text: "  " })).json.error?.code).toBe(
      "invalid_request",
    );
    const missing = await call(noteRoute, "/api/admin/leads/note", { id: randomUUID(), text: "x" });
    expect(missing.status).toBe(404);
    expect(missing.json.error?.code).toBe("not_found");
  });
});

describe("tags", () => {
  it("adds lower-cased tags once and removes them, auditing only real changes", async () => {
    const lead = await newLead();
    const path = "/api/admin/leads/tags";
    expect((await call(tagsRoute, path, { id: lead.id, add: " VIP " })).json).toEqual({ tags: ["vip"] });
    expect((await call(tagsRoute, path, { id: lead.id, add: "vip" })).json).toEqual({ tags: ["vip"] });
    expect((await call(tagsRoute, path, { id: lead.id, add: "call back" })).json).toEqual({
      tags: ["call back", "vip"],
    });
    expect((await call(tagsRoute, path, { id: lead.id, remove: "vip" })).json).toEqual({ tags: ["call back"] });
    expect((await getDb().prospect.findUniqueOrThrow({ where: { id: lead.id } })).tags).toEqual(["call back"]);
    expect((await audits(lead.id)).map((a) => [a.action, a.details])).toEqual([
      ["lead.tag_add", { tag: "vip" }],
      ["lead.tag_add", { tag: "call back" }],
      ["lead.tag_remove", { tag: "vip" }],
    ]);
    const bad = await call(tagsRoute, path, { id: lead.id, add: "<b>" });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.code).toBe("invalid_request");
    expect((await call(tagsRoute, path, { id: lead.id, add: "a", remove: "b" })).status).toBe(400);
  });
});

describe("resend the welcome e-mail", () => {
  it("queues it through the mailer once an hour, audited", async () => {
    const lead = await newLead();
    const sent = await call(resendRoute, "/api/admin/leads/resend-welcome", { id: lead.id });
    expect(sent.status).toBe(200);
    const emails = await getDb().outgoingEmail.findMany({ where: { prospectId: lead.id } });
    expect(emails).toMatchObject([{ template: "welcome", recipient: lead.email, status: "QUEUED" }]);
    expect((await audits(lead.id)).map((a) => a.action)).toEqual(["lead.welcome_resend"]);

    const again = await call(resendRoute, "/api/admin/leads/resend-welcome", { id: lead.id });
    expect(again.status).toBe(429);
    expect(again.json.error?.code).toBe("rate_limited");
    expect(again.json.error?.message).toMatch(/less than an hour ago/);
    expect(await getDb().outgoingEmail.count({ where: { prospectId: lead.id } })).toBe(1);
  });

  it("refuses a lead who unsubscribed, saying why", async () => {
    const lead = await newLead();
    await suppressAddress(lead.email, "UNSUBSCRIBE_LINK");
    const refused = await call(resendRoute, "/api/admin/leads/resend-welcome", { id: lead.id });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toEqual({
      code: "lead_unsubscribed",
      message: "This lead unsubscribed or is on the suppression list, so no e-mail was sent.",
    });
    expect(await getDb().outgoingEmail.count({ where: { prospectId: lead.id } })).toBe(0);
  });
});

describe("erase a lead", () => {
  it("needs the lead's address typed, then erases it with its notes and tags through the privacy erasure", async () => {
    const lead = await newLead("Erin Erase");
    await call(noteRoute, "/api/admin/leads/note", { id: lead.id, text: "Erin's note" });
    await call(tagsRoute, "/api/admin/leads/tags", { id: lead.id, add: "erin family" });

    const wrong = await call(eraseRoute, "/api/admin/leads/erase", { id: lead.id, confirmEmail: "someone@else.test" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error?.message).toMatch(/Type the lead's e-mail address/);
    expect(await getDb().prospect.count({ where: { id: lead.id } })).toBe(1);

    const erased = await call(eraseRoute, "/api/admin/leads/erase", {
      id: lead.id,
      confirmEmail: lead.email.toUpperCase(),
    });
    expect(erased.status).toBe(200);
    expect(erased.json.erased).toMatchObject({ prospects: 1, lead_notes: 1, lead_tag_audits: 1 });
    expect(await getDb().prospect.count({ where: { id: lead.id } })).toBe(0);
    expect(await getDb().leadNote.count({ where: { prospectId: lead.id } })).toBe(0);
    const rows = await audits(lead.id);
    expect(rows.map((a) => a.action)).toEqual(["lead.note", "lead.tag_add", "lead.erase"]);
    expect(JSON.stringify(rows.map((a) => a.details))).not.toMatch(/erin/i);

    const gone = await call(eraseRoute, "/api/admin/leads/erase", { id: lead.id, confirmEmail: lead.email });
    expect(gone.json.error?.code).toBe("not_found");
  });
});
