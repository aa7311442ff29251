import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { GET as leadsExport } from "@/app/api/admin/leads/export/route";
import { POST as setupPost } from "@/app/api/admin/setup/route";
import { getDb } from "@/lib/platform/server/db";
import { createOperator, issueSetupLink } from "@/lib/operators/server/set-up-operator";
import { removeOperator } from "@/lib/operators/server/remove-operator";
import { readSecondFactors } from "@/lib/operators/server/read-second-factors";
import { errorOf } from "@/tests/support/http";
import {
  adminRequest,
  authRequest,
  enrolTotp,
  operatorWithPassword,
  OPERATOR_PASSWORD,
  SITE,
  sessionOf,
  signedInOperator,
  signInWithPassword,
  totpCode,
  uniqueOperatorEmail,
  withCookies,
} from "@/tests/support/operator-session";

// The console's second factor: an authenticator app (TOTP) with recovery codes behind every password
// sign-in, passkeys that check their holder, a fresh sign-in before any factor changes, a setup link
// that starts the factors afresh, and an e-mail for each change.

const post = (path: string, body: unknown, cookie?: string) => authPost(authRequest(`/api/auth${path}`, body, cookie));
const staleBy = (operatorId: string, minutes: number) =>
  getDb().operatorSession.updateMany({
    where: { userId: operatorId },
    data: { createdAt: new Date(Date.now() - minutes * 60_000) },
  });
const noticesTo = async (email: string) =>
  (
    await getDb().outgoingEmail.findMany({
      where: { recipient: email, template: "operator-security-notice" },
      orderBy: { createdAt: "asc" },
    })
  ).map((row) => row.subject);
const addPasskeyRow = (userId: string) =>
  getDb().operatorPasskey.create({
    data: {
      id: randomUUID(),
      name: "Test key",
      publicKey: "not-a-real-key",
      userId,
      credentialID: randomUUID(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    },
  });

describe("second factor for password sign-in", () => {
  it("once an app is enrolled the password alone gets no session; the app's code does", async () => {
    const { email, totpSecret } = await signedInOperator();
    const first = await signInWithPassword(email);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const challenge = withCookies("", first);
    expect(challenge).not.toMatch(/session_token=/);
    expect(await sessionOf(challenge)).toBeNull();

    const wrong = await post("/two-factor/verify-totp", { code: "000000" }, challenge);
    expect(wrong.status).toBe(401);
    const right = await post("/two-factor/verify-totp", { code: await totpCode(totpSecret) }, challenge);
    expect(right.status).toBe(200);
    expect(await sessionOf(withCookies(challenge, right))).toMatchObject({ user: { email } });
  });

  it("a recovery code signs in once, and the console counts what is left", async () => {
    const { email, recoveryCodes, operatorId } = await signedInOperator();
    expect(recoveryCodes).toHaveLength(10);
    expect((await readSecondFactors(operatorId)).recoveryCodesLeft).toBe(10);
    const code = recoveryCodes[0]!;

    const challenge = withCookies("", await signInWithPassword(email));
    const used = await post("/two-factor/verify-backup-code", { code: code.replace("-", "") }, challenge);
    expect(used.status).toBe(200);
    expect(await sessionOf(withCookies(challenge, used))).toMatchObject({ user: { email } });
    expect((await readSecondFactors(operatorId)).recoveryCodesLeft).toBe(9);

    const again = withCookies("", await signInWithPassword(email));
    const reused = await post("/two-factor/verify-backup-code", { code }, again);
    expect(reused.status).toBe(401);
    expect(await sessionOf(withCookies(again, reused))).toBeNull();
  });

  it("an operator without a second factor is sent to enrol: the console's APIs refuse them until then", async () => {
    const { email } = await operatorWithPassword();
    const cookie = withCookies("", await signInWithPassword(email));
    expect(await sessionOf(cookie)).toMatchObject({ user: { email } });
    expect((await leadsExport(adminRequest("/api/admin/leads/export?kind=leads", { cookie }))).status).toBe(401);

    const enrolled = await enrolTotp(cookie);
    expect(
      (await leadsExport(adminRequest("/api/admin/leads/export?kind=leads", { cookie: enrolled.cookie }))).status,
    ).toBe(200);
  });

  it("an operator with a passkey and no app cannot sign in with the password alone", async () => {
    const { operatorId, email } = await operatorWithPassword();
    await addPasskeyRow(operatorId);
    const answer = await signInWithPassword(email);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: "USE_PASSKEY" });
    expect(await getDb().operatorSession.count({ where: { userId: operatorId } })).toBe(0);
  });

  it("passkey registration asks the device to verify its holder", async () => {
    const { cookie } = await signedInOperator();
    const options = await authGet(
      new Request(`${SITE}/api/auth/passkey/generate-register-options?name=Laptop`, {
        headers: { cookie, origin: SITE },
      }),
    );
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({ authenticatorSelection: { userVerification: "required" } });
  });
});

describe("a fresh sign-in before a factor changes", () => {
  it("a sign-in older than 10 minutes cannot add a passkey or enable, disable or renew the app", async () => {
    const enrolled = await signedInOperator();
    await staleBy(enrolled.operatorId, 11);
    const register = await authGet(
      new Request(`${SITE}/api/auth/passkey/generate-register-options`, {
        headers: { cookie: enrolled.cookie, origin: SITE },
      }),
    );
    expect(register.status).toBe(403);
    for (const path of ["/two-factor/disable", "/two-factor/generate-backup-codes"]) {
      const answer = await post(path, { password: OPERATOR_PASSWORD }, enrolled.cookie);
      expect(answer.status, path).toBe(403);
      expect(await answer.json(), path).toMatchObject({ code: "SESSION_NOT_FRESH" });
    }
    expect(await getDb().operatorTwoFactor.count({ where: { userId: enrolled.operatorId } })).toBe(1);

    const { operatorId, email } = await operatorWithPassword();
    const cookie = withCookies("", await signInWithPassword(email));
    await staleBy(operatorId, 11);
    const enable = await post("/two-factor/enable", { password: OPERATOR_PASSWORD }, cookie);
    expect(enable.status).toBe(403);
    expect(await getDb().operatorTwoFactor.count({ where: { userId: operatorId } })).toBe(0);
  });

  it("within 10 minutes the app can be removed (with the password), and the operator is told", async () => {
    const { email, cookie, operatorId } = await signedInOperator();
    expect(await noticesTo(email)).toEqual([
      "A sign-in method was added to your Fast Forward Media LLC console account",
    ]);
    const disable = await post("/two-factor/disable", { password: OPERATOR_PASSWORD }, cookie);
    expect(disable.status).toBe(200);
    expect(await getDb().operatorTwoFactor.count({ where: { userId: operatorId } })).toBe(0);
    expect(await noticesTo(email)).toEqual([
      "A sign-in method was added to your Fast Forward Media LLC console account",
      "A sign-in method was removed from your Fast Forward Media LLC console account",
    ]);
    const audit = await getDb().auditLog.findMany({
      where: { targetId: operatorId, action: { startsWith: "operator.totp" } },
      orderBy: { id: "asc" },
    });
    expect(audit.map((row) => row.action)).toEqual(["operator.totp_add", "operator.totp_remove"]);
  });
});

describe("e-mails about the account", () => {
  it("removing a passkey and removing an operator each send the operator a notice", async () => {
    const { operatorId, email, cookie } = await signedInOperator();
    const passkey = await addPasskeyRow(operatorId);
    const removed = await post("/passkey/delete-passkey", { id: passkey.id }, cookie);
    expect(removed.status).toBe(200);
    expect((await noticesTo(email)).at(-1)).toBe(
      "A sign-in method was removed from your Fast Forward Media LLC console account",
    );

    const other = await signedInOperator();
    await removeOperator(operatorId, {
      operator: {
        id: other.operatorId,
        email: other.email,
        name: "Other",
        role: "owner",
        signedInAt: new Date(),
        timeZone: "UTC",
        ownTimeZone: false,
      },
      ip: null,
    });
    const last = await getDb().outgoingEmail.findFirstOrThrow({
      where: { recipient: email, template: "operator-security-notice" },
      orderBy: { createdAt: "desc" },
    });
    expect(last.subject).toBe("Your Fast Forward Media LLC console access has ended");
    expect(last.text).toContain(`${other.email} removed you as an operator`);
  });
});

describe("setup link", () => {
  it("a password reset through a setup link removes the passkeys and the app and ends every session", async () => {
    const { operatorId, email, cookie } = await signedInOperator();
    await addPasskeyRow(operatorId);
    const { link } = await issueSetupLink(operatorId, "cli");
    const token = new URL(link).searchParams.get("token") ?? "";
    const reset = await setupPost(authRequest("/api/admin/setup", { token, password: "a brand new long password 7" }));
    expect(reset.status).toBe(200);

    expect(await getDb().operatorPasskey.count({ where: { userId: operatorId } })).toBe(0);
    expect(await getDb().operatorTwoFactor.count({ where: { userId: operatorId } })).toBe(0);
    expect(await getDb().operatorUser.findUniqueOrThrow({ where: { id: operatorId } })).toMatchObject({
      twoFactorEnabled: false,
    });
    expect(await sessionOf(cookie)).toBeNull();
    expect((await noticesTo(email)).at(-1)).toBe(
      "Your Fast Forward Media LLC console passkeys and authenticator app were removed",
    );
    // The new password signs in straight away (to enrol again), with no code asked.
    const again = await signInWithPassword(email, "a brand new long password 7");
    expect(await sessionOf(withCookies("", again))).toMatchObject({ user: { email } });
  });

  it("a common password is refused with a clear message, and the link stays usable", async () => {
    const email = uniqueOperatorEmail();
    const { link } = await createOperator({ email });
    const token = new URL(link).searchParams.get("token") ?? "";
    for (const password of ["qwertyuiop123", "Password1234", "1q2w3e4r5t6y"]) {
      const refused = await setupPost(authRequest("/api/admin/setup", { token, password }));
      expect(refused.status, password).toBe(400);
      expect((await errorOf(refused)).message, password).toMatch(/most common/);
    }
    const own = await setupPost(authRequest("/api/admin/setup", { token, password: `${email.split("@")[0]}-secret` }));
    expect((await errorOf(own)).message).toMatch(/e-mail/);
    expect((await setupPost(authRequest("/api/admin/setup", { token, password: OPERATOR_PASSWORD }))).status).toBe(200);
  });
});
