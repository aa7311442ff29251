import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as saveStep } from "@/app/api/admin/sequences/steps/route";
import { POST as setActive } from "@/app/api/admin/sequences/active/route";
import { POST as preview } from "@/app/api/admin/email-composer/preview/route";
import { GET as testStatus, POST as testSend } from "@/app/api/admin/email-composer/test-send/route";
import { getDb } from "@/lib/platform/server/db";
import { getConfig } from "@/lib/platform/server/config";
import { deliverEmail } from "@/lib/platform/server/mail/deliver-email";
import { emailReport } from "@/lib/console/server/email-report";
import { adminRequest, signedInOperator, type SignedInOperator } from "../../support/operator-session";

// The console's e-mail writing: staff save steps and pause sequences, everyone who sees the
// console may preview, test sends go to the operator's own address a few a minute, are followed
// to delivery, and never count in the e-mail report.

type Body = Record<string, unknown> & { error?: { code: string; message: string } };
type Route = (request: Request) => Promise<Response>;

let owner: SignedInOperator;
let staff: SignedInOperator;
let readOnly: SignedInOperator;

beforeAll(async () => {
  [owner, staff, readOnly] = await Promise.all([
    signedInOperator(),
    signedInOperator({ role: "operator" }),
    signedInOperator({ role: "read_only" }),
  ]);
});

async function call(route: Route, path: string, body: unknown, cookie: string | undefined) {
  const response = await route(adminRequest(path, { body, cookie }));
  return { status: response.status, body: (await response.json()) as Body };
}

async function status(emailId: string, cookie: string) {
  const response = await testStatus(adminRequest(`/api/admin/email-composer/test-send?id=${emailId}`, { cookie }));
  return { status: response.status, body: (await response.json()) as Body };
}

const draft = {
  subject: "Hello {{first_name|there}}",
  preheader: "A short note",
  markdown: "Hi {{first_name|there}} {{last_name|friend}},\n\n**Bold** and [the book]({{book_url}}).",
};

const firstStep = () =>
  getDb().sequenceStep.findFirstOrThrow({
    where: { sequence: { key: "free-reader" }, position: 0 },
    include: { sequence: true },
  });

/** Waits for a fresh minute when the current one is nearly over, so a burst stays in one window. */
async function freshMinute(): Promise<void> {
  const second = new Date().getUTCSeconds();
  if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

describe("sequence steps on the console", () => {
  it("lets staff save a step, raising the version, and refuses the rest", async () => {
    const step = await firstStep();
    const input = {
      delayHours: 2,
      condition: { qualified: true, source: ["newsletter"] },
      subject: "Welcome, {{first_name|reader}}",
      preheader: "",
      body: "Hi {{first_name|there}}",
    };
    const path = "/api/admin/sequences/steps";
    expect((await call(saveStep, path, { stepId: step.id, step: input }, undefined)).status).toBe(401);
    const refused = await call(saveStep, path, { stepId: step.id, step: input }, readOnly.cookie);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });

    const saved = await call(saveStep, path, { stepId: step.id, step: input }, staff.cookie);
    expect(saved).toMatchObject({ status: 200, body: { stepId: step.id, version: step.sequence.version + 1 } });
    expect(await getDb().sequenceStep.findUniqueOrThrow({ where: { id: step.id } })).toMatchObject({
      delayHours: 2,
      subject: input.subject,
      condition: input.condition,
    });
    expect(
      await getDb().auditLog.count({ where: { action: "sequence.step.update", operatorId: staff.operatorId } }),
    ).toBe(1);

    const unknown = await call(
      saveStep,
      path,
      { stepId: step.id, step: { ...input, body: "Hi {{nickname|you}}" } },
      staff.cookie,
    );
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: "invalid_request" } } });
    expect(unknown.body.error?.message).toBe(
      "Body: {{nickname}} is not a merge field. Use one of: first_name, last_name, full_name, book_url, offer_url, booking_url.",
    );
    const badDelay = await call(saveStep, path, { stepId: step.id, step: { ...input, delayHours: -1 } }, staff.cookie);
    expect(badDelay.status).toBe(400);
    const missing = await call(saveStep, path, { stepId: randomUUID(), step: input }, staff.cookie);
    expect(missing).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    expect((await call(saveStep, path, { stepId: "x", step: input }, staff.cookie)).status).toBe(400);
  });

  it("pauses and resumes a sequence for staff only", async () => {
    const { sequence } = await firstStep();
    const path = "/api/admin/sequences/active";
    expect((await call(setActive, path, { sequenceId: sequence.id, active: false }, readOnly.cookie)).status).toBe(403);
    const paused = await call(setActive, path, { sequenceId: sequence.id, active: false }, owner.cookie);
    expect(paused).toMatchObject({ status: 200, body: { active: false } });
    expect((await getDb().sequence.findUniqueOrThrow({ where: { id: sequence.id } })).active).toBe(false);
    const resumed = await call(setActive, path, { sequenceId: sequence.id, active: true }, owner.cookie);
    expect(resumed).toMatchObject({ status: 200, body: { active: true } });
  });
});

describe("the composer's preview and test sends", () => {
  it("previews the real e-mail with the sample lead and the legal footer, for any operator", async () => {
    const path = "/api/admin/email-composer/preview";
    expect((await call(preview, path, draft, undefined)).status).toBe(401);
    const answer = await call(preview, path, draft, readOnly.cookie);
    expect(answer.status).toBe(200);
    expect(answer.body.subject).toBe("Hello Alex");
    const html = String(answer.body.html);
    expect(html).toContain("Hi Alex friend");
    expect(html).toContain(getConfig().PROVIDER_ADDRESS);
    expect(html).toMatch(/href="[^"]*\/unsubscribe\?token=[^"]+"[^>]*>Unsubscribe</);
    const unknown = await call(preview, path, { ...draft, subject: "Hi {{nick}}" }, readOnly.cookie);
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: "invalid_request" } } });
    expect(unknown.body.error?.message).toContain("Subject: {{nick}} is not a merge field.");
  });

  it("queues a test to the operator's own address, follows it to delivery, and keeps it out of the report", async () => {
    const path = "/api/admin/email-composer/test-send";
    expect((await call(testSend, path, draft, undefined)).status).toBe(401);
    expect((await call(testSend, path, draft, readOnly.cookie)).status).toBe(403);

    const sent = await call(testSend, path, draft, staff.cookie);
    expect(sent).toMatchObject({ status: 200, body: { to: staff.email } });
    const emailId = String(sent.body.emailId);
    const row = await getDb().outgoingEmail.findUniqueOrThrow({ where: { id: emailId } });
    expect(row).toMatchObject({
      template: "marketing-test",
      recipient: staff.email,
      subject: "[Test] Hello Alex",
      sequenceStepId: null,
      prospectId: null,
    });
    expect(row.html).toContain(getConfig().PROVIDER_ADDRESS);
    expect(row.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    expect(await status(emailId, staff.cookie)).toMatchObject({ status: 200, body: { state: "queued", final: false } });
    // Another operator's test is not theirs to follow.
    expect((await status(emailId, owner.cookie)).status).toBe(404);
    expect((await status("not-an-id", staff.cookie)).status).toBe(400);

    await deliverEmail(emailId);
    expect(await status(emailId, staff.cookie)).toMatchObject({
      body: { state: "outbox", label: "Written to the outbox (no e-mail key is set)", final: true },
    });
    await getDb().emailDeliveryEvent.create({
      data: { providerEventId: `msg_${randomUUID()}`, emailId, type: "delivered", occurredAt: new Date() },
    });
    expect(await status(emailId, staff.cookie)).toMatchObject({ body: { state: "delivered", label: "Delivered" } });

    const now = Date.now();
    const report = await emailReport({ from: new Date(now - 3_600_000), to: new Date(now + 3_600_000) });
    expect(report.templates.map((t) => t.template)).not.toContain("marketing-test");
  });

  it("allows five test sends a minute per operator", async () => {
    const sender = await signedInOperator({ role: "operator" });
    await freshMinute();
    const path = "/api/admin/email-composer/test-send";
    for (let i = 0; i < 5; i += 1) expect((await call(testSend, path, draft, sender.cookie)).status).toBe(200);
    const limited = await call(testSend, path, draft, sender.cookie);
    expect(limited).toMatchObject({ status: 429, body: { error: { code: "rate_limited" } } });
    // The limit is the operator's, not the console's.
    expect((await call(testSend, path, draft, owner.cookie)).status).toBe(200);
  });
});
