import { describe, expect, it } from "vitest";
import { POST as invitePost } from "@/app/api/admin/operators/route";
import { POST as linkPost } from "@/app/api/admin/operators/setup-link/route";
import { POST as removePost } from "@/app/api/admin/operators/remove/route";
import { POST as setupPost } from "@/app/api/admin/setup/route";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { getDb } from "@/lib/platform/server/db";
import { adminRequest, signedInOperator } from "@/tests/support/operator-session";
import { openedEmail, outboxMails } from "@/tests/support/outbox";

// An operator invites another from the console; the invitee gets the one-hour setup
// link by e-mail, sets a password and signs in. A fresh link (lost password) voids the old one.
// Account, link, e-mail and audit row are written together.

const uniq = () => `invitee-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function linkInMail(to: string, nth = 0): Promise<string> {
  const mails = await outboxMails({ recipient: to, template: "operator-setup-link" });
  const token = /\/admin\/setup\?token=([A-Za-z0-9_-]{43})/.exec(mails[nth]?.text ?? "")?.[1];
  expect(token, `setup link in mail ${nth} to ${to}`).toBeTruthy();
  return token ?? "";
}

const setPassword = (token: string, password: string) =>
  setupPost(adminRequest("/api/admin/setup", { body: { token, password } }));
const signIn = (email: string, password: string) =>
  authPost(adminRequest("/api/auth/sign-in/email", { body: { email, password } }));

describe("inviting operators", () => {
  it("invite → e-mail with the link → password → sign-in; audited; a second invite of the address is a 409", async () => {
    const inviter = await signedInOperator();
    const email = uniq();
    const answer = await invitePost(
      adminRequest("/api/admin/operators", {
        body: { email: ` ${email.toUpperCase()} `, name: "Grace Hopper" },
        cookie: inviter.cookie,
      }),
    );
    expect(answer.status).toBe(201);
    const { operatorId } = (await answer.json()) as { operatorId: string };
    const user = await getDb().operatorUser.findUniqueOrThrow({ where: { id: operatorId } });
    expect(user).toMatchObject({ email, name: "Grace Hopper" });

    const mail = openedEmail(await getDb().outgoingEmail.findFirstOrThrow({ where: { recipient: email } }));
    expect(mail.subject).toMatch(/invited/);
    expect(mail.text).toContain(inviter.email);
    const audit = await getDb().auditLog.findFirstOrThrow({
      where: { action: "operator.invite", targetId: operatorId },
    });
    expect(audit).toMatchObject({ operatorId: inviter.operatorId, details: { email } });
    expect(audit.ip).toBeTruthy();

    const token = await linkInMail(email);
    expect((await setPassword(token, "a long enough password")).status).toBe(200);
    expect((await signIn(email, "a long enough password")).status).toBe(200);
    expect((await getDb().operatorUser.findUniqueOrThrow({ where: { id: operatorId } })).lastSignInAt).not.toBeNull();

    const again = await invitePost(
      adminRequest("/api/admin/operators", { body: { email, name: "Someone Else" }, cookie: inviter.cookie }),
    );
    expect(again.status).toBe(409);
    expect(await getDb().operatorUser.count({ where: { email } })).toBe(1);
  });

  it("a fresh link by e-mail voids the earlier one; the password stays until the new link is used", async () => {
    const inviter = await signedInOperator();
    const email = uniq();
    const invited = await invitePost(
      adminRequest("/api/admin/operators", { body: { email, name: "Lin" }, cookie: inviter.cookie }),
    );
    const { operatorId } = (await invited.json()) as { operatorId: string };
    const first = await linkInMail(email, 0);

    const fresh = await linkPost(
      adminRequest("/api/admin/operators/setup-link", { body: { operatorId }, cookie: inviter.cookie }),
    );
    expect(fresh.status).toBe(200);
    const second = await linkInMail(email, 1);
    expect(second).not.toBe(first);
    expect((await setPassword(first, "a long enough password")).status).toBe(404);
    expect((await setPassword(second, "a long enough password")).status).toBe(200);
    expect(
      await getDb().auditLog.count({
        where: { action: "operator.setup_link", targetId: operatorId, operatorId: inviter.operatorId },
      }),
    ).toBe(1);

    const unknown = await linkPost(
      adminRequest("/api/admin/operators/setup-link", {
        body: { operatorId: "no-such-operator" },
        cookie: inviter.cookie,
      }),
    );
    expect(unknown.status).toBe(404);
  });

  it("removing an operator ends their session at once; nobody removes themselves", async () => {
    const admin = await signedInOperator();
    const leaving = await signedInOperator();
    const session = () =>
      authGet(adminRequest("/api/auth/get-session", { cookie: leaving.cookie })).then(
        (r) => r.json() as Promise<unknown>,
      );
    expect(await session()).not.toBeNull();

    const self = await removePost(
      adminRequest("/api/admin/operators/remove", { body: { operatorId: admin.operatorId }, cookie: admin.cookie }),
    );
    expect(self.status).toBe(409);

    const removed = await removePost(
      adminRequest("/api/admin/operators/remove", { body: { operatorId: leaving.operatorId }, cookie: admin.cookie }),
    );
    expect(removed.status).toBe(200);
    expect(await session()).toBeNull();
    expect(await getDb().operatorSession.count({ where: { userId: leaving.operatorId } })).toBe(0);
    expect((await signIn(leaving.email, "correct horse battery staple")).status).toBe(401);
    const audit = await getDb().auditLog.findFirstOrThrow({
      where: { action: "operator.remove", targetId: leaving.operatorId },
    });
    expect(audit).toMatchObject({ operatorId: admin.operatorId, details: { email: leaving.email, sessionsEnded: 1 } });

    const again = await removePost(
      adminRequest("/api/admin/operators/remove", { body: { operatorId: leaving.operatorId }, cookie: admin.cookie }),
    );
    expect(again.status).toBe(404);
  });

  it("refuses bad addresses, empty names, unknown roles and fields without writing anything", async () => {
    const inviter = await signedInOperator();
    for (const body of [
      { email: "not-an-address", name: "X" },
      { email: uniq(), name: "   " },
      { email: uniq(), name: "X", role: "admin" },
      { email: uniq(), name: "X", role: "operator", isAdmin: true },
    ]) {
      const answer = await invitePost(adminRequest("/api/admin/operators", { body, cookie: inviter.cookie }));
      expect(answer.status).toBe(400);
    }
  });
});
