import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as privacyRequest } from "@/app/api/privacy-request/route";
import { POST as verifyRoute } from "@/app/api/privacy-request/verify/route";
import { POST as applyRoute } from "@/app/api/admin/privacy/apply/route";
import { POST as eraseRoute } from "@/app/api/admin/privacy/erase/route";
import { POST as completeRoute } from "@/app/api/admin/privacy/complete/route";
import { GET as exportRoute } from "@/app/api/admin/privacy/export/route";
import { getDb } from "@/lib/platform/server/db";
import { verifyPrivacyRequest } from "@/lib/privacy/server/verify-privacy-request";
import { privacyQueue } from "@/lib/privacy/server/privacy-queue";
import { sendPrivacyDeadlineDigest } from "@/lib/privacy/server/deadline-digest";
import { respondBy } from "@/lib/privacy/shared/request-types";
import { PRIVACY_VERIFY_DAYS } from "@/lib/privacy/shared/verification";
import { DAY_MS } from "@/lib/shared/dates";
import { emailedLinkToken, verifyPrivacyRequestOf } from "@/tests/support/email-links";
import { errorOf, jsonRequest } from "@/tests/support/http";
import { adminRequest, signedInOperator } from "@/tests/support/operator-session";
import { registeredVisitor } from "@/tests/support/visitor";
import { outboxMails } from "@/tests/support/outbox";

// A privacy request is acted on only after the requester opens the link sent to its address.

async function file(requestType: string, email = `verify-${randomUUID()}@example.com`) {
  const response = await privacyRequest(
    jsonRequest("/api/privacy-request", { name: "Grace Hopper", email, requestType }),
  );
  return { email, response, body: (await response.json()) as { requestId: string; respondBy: string } };
}

const linkOf = (email: string) => emailedLinkToken(email, "privacy-request-received", "/privacy-request/verify");

describe("privacy request verification", () => {
  it("refuses export, erasure, flags and completion until the requester verifies; then they work", async () => {
    const operator = await signedInOperator();
    const visitor = await registeredVisitor("Grace Hopper");
    const access = await file("access", visitor.email);
    const erase = await file("delete", visitor.email);
    const optOut = await file("opt_out", visitor.email);
    const as = (path: string, id: string) => adminRequest(path, { body: { id }, cookie: operator.cookie });
    const attempts = [
      () =>
        exportRoute(adminRequest(`/api/admin/privacy/export?id=${access.body.requestId}`, { cookie: operator.cookie })),
      () => eraseRoute(as("/api/admin/privacy/erase", erase.body.requestId)),
      () => applyRoute(as("/api/admin/privacy/apply", optOut.body.requestId)),
      () => completeRoute(as("/api/admin/privacy/complete", access.body.requestId)),
    ];
    for (const attempt of attempts) {
      const refused = await attempt();
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).code).toBe("privacy_request_unverified");
    }
    expect(await getDb().prospect.count({ where: { email: visitor.email } })).toBe(1);
    expect(
      await getDb().auditLog.count({ where: { targetId: { in: [access.body.requestId, erase.body.requestId] } } }),
    ).toBe(0);
    const { rows } = await privacyQueue("open", null);
    expect(rows.find((row) => row.id === access.body.requestId)).toMatchObject({ verifiedAt: null });

    // Each request has its own link; the first e-mail's link verifies only its own request.
    const accessToken = (
      await outboxMails({ recipient: visitor.email, template: "privacy-request-received" })
    )[0]!.text.match(/\/privacy-request\/verify\?token=([A-Za-z0-9_-]{43})/)![1]!;
    expect((await verifyRoute(jsonRequest("/api/privacy-request/verify", { token: accessToken }))).status).toBe(200);
    expect(
      (await getDb().privacyRequest.findUniqueOrThrow({ where: { id: erase.body.requestId } })).verifiedAt,
    ).toBeNull();
    const exported = await attempts[0]!();
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain(visitor.email);
    expect((await attempts[3]!()).status).toBe(200);

    await verifyPrivacyRequestOf(visitor.email); // the latest: opt_out
    expect((await attempts[2]!()).status).toBe(200);
    const stillRefused = await attempts[1]!();
    expect((await errorOf(stillRefused)).code).toBe("privacy_request_unverified");
  });

  it("stores only the link's hash, uses it once, and lets it lapse after the verification window", async () => {
    const early = await file("delete");
    const token = await linkOf(early.email);
    const row = await getDb().privacyRequest.findUniqueOrThrow({ where: { id: early.body.requestId } });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.verifyExpiresAt!.getTime() - row.createdAt.getTime()).toBe(PRIVACY_VERIFY_DAYS * DAY_MS);

    const lapsed = new Date(row.createdAt.getTime() + PRIVACY_VERIFY_DAYS * DAY_MS + 1000);
    await expect(verifyPrivacyRequest(token, lapsed)).rejects.toMatchObject({ code: "email_link_invalid" });
    expect((await getDb().privacyRequest.findUniqueOrThrow({ where: { id: row.id } })).verifiedAt).toBeNull();
    // A lapsed, unverified request can never be acted on: the console lists it with the closed ones.
    expect((await privacyQueue("open", null, lapsed)).rows.map((r) => r.id)).not.toContain(row.id);
    expect((await privacyQueue("completed", null, lapsed)).rows.map((r) => r.id)).toContain(row.id);

    const used = await verifyRoute(jsonRequest("/api/privacy-request/verify", { token }));
    expect(used.status).toBe(200);
    const again = await verifyRoute(jsonRequest("/api/privacy-request/verify", { token }));
    expect(again.status).toBe(404);
    expect((await errorOf(again)).code).toBe("email_link_invalid");
  });

  it("keeps the 45-day answer date from receipt, whenever the requester verifies", async () => {
    const filed = await file("access");
    const before = await getDb().privacyRequest.findUniqueOrThrow({ where: { id: filed.body.requestId } });
    await verifyPrivacyRequest(await linkOf(filed.email), new Date(before.createdAt.getTime() + 6 * DAY_MS));
    const after = await getDb().privacyRequest.findUniqueOrThrow({ where: { id: filed.body.requestId } });
    expect(after.respondBy.getTime()).toBe(respondBy(before.createdAt).getTime());
    expect(after.respondBy.toISOString()).toBe(filed.body.respondBy);

    // Near its deadline a verified request is in the operators' digest; an unverified one is not.
    const unverified = await file("access");
    const digest = await sendPrivacyDeadlineDigest(new Date(after.respondBy.getTime() - DAY_MS));
    const text = (await getDb().outgoingEmail.findUniqueOrThrow({ where: { id: digest.emailId! } })).text;
    expect(text).toContain(after.id);
    expect(text).not.toContain(unverified.body.requestId);
  });

  it("answers a known and an unknown address alike, and e-mails both the same way", async () => {
    const known = (await registeredVisitor("Grace Hopper")).email;
    const unknown = `nobody-${randomUUID()}@example.com`;
    const answers = [await file("access", known), await file("access", unknown)];
    expect(answers.map((a) => a.response.status)).toEqual([201, 201]);
    expect(Object.keys(answers[0]!.body)).toEqual(Object.keys(answers[1]!.body));
    const mails = await Promise.all(
      answers.map(async ({ email, body }) => {
        const [mail] = await outboxMails({ recipient: email, template: "privacy-request-received" });
        const token = await linkOf(email);
        const blank = (s: string) => s.replaceAll(token, "TOKEN").replaceAll(body.requestId, "ID");
        return { subject: mail!.subject, text: blank(mail!.text), html: blank(mail!.html) };
      }),
    );
    expect(mails[0]).toEqual(mails[1]);
  });
});
