import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as privacyRequest } from "@/app/api/privacy-request/route";
import { POST as register } from "@/app/api/register/route";
import { POST as survey } from "@/app/api/survey/route";
import { POST as applyRoute } from "@/app/api/admin/privacy/apply/route";
import { POST as eraseRoute } from "@/app/api/admin/privacy/erase/route";
import { POST as completeRoute } from "@/app/api/admin/privacy/complete/route";
import { GET as exportRoute } from "@/app/api/admin/privacy/export/route";
import { QUEUES } from "@/lib/platform/shared/queues";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { isSuppressed } from "@/lib/platform/server/mail/suppression-list";
import { getDb } from "@/lib/platform/server/db";
import { webhookEventId } from "@/lib/platform/server/webhooks/emit-event";
import { adminRequest, signedInOperator } from "@/tests/support/operator-session";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { qualifyingOwnerSurvey } from "@/tests/support/visitor";
import { workOff } from "@/tests/support/jobs";
import { verifyPrivacyRequestOf } from "@/tests/support/email-links";

// Opt-out and limit-use requests set flags the funnel honours (README "Personal
// data"), and the console's privacy APIs refuse what they must.

const db = () => getDb();

async function requestFor(requestType: string, email = `flags-${randomUUID()}@example.com`) {
  const response = await privacyRequest(
    jsonRequest("/api/privacy-request", { name: "Flag Tester", email, requestType }),
  );
  expect(response.status).toBe(201);
  await verifyPrivacyRequestOf(email);
  return { email, id: ((await response.json()) as { requestId: string }).requestId };
}

async function registerAs(email: string) {
  const contactId = randomUUID();
  const response = await register(jsonRequest("/api/register", { contactId, name: "Flag Tester", email }));
  expect(response.status).toBe(200);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  const prospect = await db().prospect.findUniqueOrThrow({ where: { email } });
  return { contactId, cookie, prospect };
}

/** A privacy request of `requestType`, applied by a signed-in operator. */
async function appliedRequest(requestType: string) {
  const operator = await signedInOperator();
  const request = await requestFor(requestType);
  const applied = await applyRoute(
    adminRequest("/api/admin/privacy/apply", { body: { id: request.id }, cookie: operator.cookie }),
  );
  expect(applied.status).toBe(200);
  return request;
}

const recovery = (to: string) =>
  enqueueEmail({ template: "checkout-recovery", to, subject: "Finish your order", html: "<p>Hi</p>", text: "Hi" });

describe("opt-out of sale or sharing", () => {
  it("stops outgoing webhooks about the person and marketing e-mail to them; transactional mail still goes", async () => {
    const operator = await signedInOperator();
    const request = await requestFor("opt_out");
    const call = (route: typeof applyRoute, path: string) =>
      route(adminRequest(path, { body: { id: request.id }, cookie: operator.cookie }));

    // Not carried out yet: it cannot be completed, and a deletion's action is refused.
    expect((await call(completeRoute, "/api/admin/privacy/complete")).status).toBe(409);
    expect((await call(eraseRoute, "/api/admin/privacy/erase")).status).toBe(409);

    const applied = await call(applyRoute, "/api/admin/privacy/apply");
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ changed: true });
    expect(await (await call(applyRoute, "/api/admin/privacy/apply")).json()).toEqual({ changed: false });
    expect(await isSuppressed(request.email)).toBe(true);

    const lead = await registerAs(request.email);
    expect(await db().webhookEvent.count({ where: { id: webhookEventId("lead.created", lead.prospect.id) } })).toBe(0);
    const control = await registerAs(`flags-control-${randomUUID()}@example.com`);
    expect(await db().webhookEvent.count({ where: { id: webhookEventId("lead.created", control.prospect.id) } })).toBe(
      1,
    );

    const [held, sent] = [await recovery(request.email), await recovery(`flags-control-${randomUUID()}@example.com`)];
    await workOff(QUEUES.email);
    expect((await db().outgoingEmail.findUniqueOrThrow({ where: { id: held } })).status).toBe("SUPPRESSED");
    expect((await db().outgoingEmail.findUniqueOrThrow({ where: { id: sent } })).status).toBe("LOGGED");
    const welcome = await db().outgoingEmail.findFirstOrThrow({
      where: { recipient: request.email, template: "welcome" },
    });
    expect(welcome.status).toBe("LOGGED");

    expect((await call(completeRoute, "/api/admin/privacy/complete")).status).toBe(200);
    expect((await call(completeRoute, "/api/admin/privacy/complete")).status).toBe(409);
    const actions = await db().auditLog.findMany({ where: { targetId: request.id }, orderBy: { at: "asc" } });
    expect(actions.map((a) => a.action)).toEqual(["privacy.opt_out", "privacy.opt_out", "privacy.complete"]);
  });
});

describe("limit the use of sensitive information", () => {
  it("shares no inference from the survey (no lead.qualified), the rest still flows", async () => {
    const request = await appliedRequest("limit_sensitive");
    const lead = await registerAs(request.email);
    const answered = await survey(qualifyingOwnerSurvey(lead));
    expect(await answered.json()).toEqual({ qualified: true });
    expect(await db().webhookEvent.count({ where: { id: webhookEventId("lead.created", lead.prospect.id) } })).toBe(1);
    expect(await db().webhookEvent.count({ where: { id: webhookEventId("lead.qualified", lead.prospect.id) } })).toBe(
      0,
    );
    // Marketing mail is not what this request is about.
    expect(await isSuppressed(request.email)).toBe(false);
  });
});

describe("Global Privacy Control", () => {
  it("a browser that sends Sec-GPC: 1 is opted out of sharing: no webhook about its lead", async () => {
    const email = `flags-gpc-${randomUUID()}@example.com`;
    const response = await register(
      jsonRequest(
        "/api/register",
        { contactId: randomUUID(), name: "Flag Tester", email },
        { headers: { "sec-gpc": "1" } },
      ),
    );
    expect(response.status).toBe(200);
    const prospect = await db().prospect.findUniqueOrThrow({ where: { email } });
    expect(await db().webhookEvent.count({ where: { id: webhookEventId("lead.created", prospect.id) } })).toBe(0);
  });
});

describe("withdrawn consent", () => {
  it("puts the address on the suppression list", async () => {
    const request = await appliedRequest("withdraw_consent");
    expect(await isSuppressed(request.email)).toBe(true);
  });
});

describe("console privacy APIs refuse", () => {
  it("401 without a session, 403 cross-site, 400 bad input, 404 unknown request", async () => {
    const operator = await signedInOperator();
    const request = await requestFor("delete");
    const body = { id: request.id };
    expect((await eraseRoute(adminRequest("/api/admin/privacy/erase", { body }))).status).toBe(401);
    expect((await exportRoute(adminRequest(`/api/admin/privacy/export?id=${request.id}`))).status).toBe(401);
    const crossSite = await eraseRoute(
      adminRequest("/api/admin/privacy/erase", {
        body,
        cookie: operator.cookie,
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      }),
    );
    expect(crossSite.status).toBe(403);
    const crossSiteExport = await exportRoute(
      adminRequest(`/api/admin/privacy/export?id=${request.id}`, {
        cookie: operator.cookie,
        headers: { "sec-fetch-site": "cross-site" },
      }),
    );
    expect(crossSiteExport.status).toBe(403);
    for (const bad of [{ id: "nope" }, {}, { id: request.id, extra: 1 }]) {
      const answer = await eraseRoute(adminRequest("/api/admin/privacy/erase", { body: bad, cookie: operator.cookie }));
      expect(answer.status).toBe(400);
      expect((await errorOf(answer)).code).toBe("invalid_request");
    }
    const unknown = await eraseRoute(
      adminRequest("/api/admin/privacy/erase", { body: { id: randomUUID() }, cookie: operator.cookie }),
    );
    expect(unknown.status).toBe(404);
    // Nothing was erased or audited by any of these.
    expect(await db().auditLog.count({ where: { targetId: request.id } })).toBe(0);
  });
});
