import { describe, expect, it } from "vitest";
import { POST as setupPost } from "@/app/api/admin/setup/route";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { getDb } from "@/lib/platform/server/db";
import { createOperator } from "@/lib/operators/server/set-up-operator";
import { jsonRequest } from "@/tests/support/http";

// An operator made by operator:create sets a password through the
// one-time link, signs in, and the httpOnly session cookie opens the session; wrong passwords,
// spent and expired links, sign-up and cross-site sign-in are refused.

const SITE = "http://localhost:3000";
const PASSWORD = "correct horse battery staple";
const uniqEmail = () => `op-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
const setup = (token: string, password = PASSWORD) =>
  setupPost(jsonRequest("/api/admin/setup", { token, password }, { site: SITE, headers: { origin: SITE } }));
const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  authPost(
    jsonRequest("/api/auth/sign-in/email", { email, password }, { site: SITE, headers: { origin: SITE, ...headers } }),
  );

/** The cookie pairs a response sets, as a Cookie header. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function sessionOf(cookie: string): Promise<unknown> {
  const response = await authGet(new Request(`${SITE}/api/auth/get-session`, { headers: { cookie, origin: SITE } }));
  return response.json();
}

describe("operator access", () => {
  it("operator:create → setup link → password → sign in → the session cookie works", async () => {
    const email = uniqEmail();
    const { link, created, operatorId } = await createOperator({ email });
    expect(created).toBe(true);
    expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/setup\?token=[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const rows = await getDb().operatorVerification.findMany({ where: { value: operatorId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(tokenOf(link));

    // No password yet: signing in cannot work.
    expect((await signIn(email, PASSWORD)).status).toBe(401);

    const setResponse = await setup(tokenOf(link));
    expect(setResponse.status).toBe(200);
    expect(await setResponse.json()).toEqual({ success: true, email });

    const response = await signIn(email, PASSWORD);
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith("ff-admin.session_token="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http SITE_URL; https turns it on
    const session = await sessionOf(cookieHeader(response));
    expect(session).toMatchObject({ user: { email, id: operatorId } });
    expect(await getDb().operatorSession.count({ where: { userId: operatorId } })).toBe(1);

    const audit = await getDb().auditLog.findMany({ where: { targetId: operatorId }, orderBy: { id: "asc" } });
    expect(audit.map((row) => row.action)).toEqual(["operator.create", "operator.password_set"]);

    // Signing out ends the session in the database, not only in the browser.
    const out = await authPost(
      new Request(`${SITE}/api/auth/sign-out`, {
        method: "POST",
        headers: { cookie: cookieHeader(response), origin: SITE },
      }),
    );
    expect(out.status).toBe(200);
    expect(await sessionOf(cookieHeader(response))).toBeNull();
  });

  it("refuses a wrong password and an unknown operator alike", async () => {
    const email = uniqEmail();
    await setup(tokenOf((await createOperator({ email })).link));
    const wrong = await signIn(email, "not the password at all");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((line) => line.startsWith("ff-admin.session_token="))).toBe(false);
    expect((await signIn(uniqEmail(), PASSWORD)).status).toBe(401);
  });

  it("a setup link works once, and not after an hour", async () => {
    const email = uniqEmail();
    const { link } = await createOperator({ email });
    expect((await setup(tokenOf(link))).status).toBe(200);
    const again = await setup(tokenOf(link), "another long password 1");
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: "setup_link_invalid" } });

    const late = uniqEmail();
    const old = await createOperator({ email: late }, new Date(Date.now() - 61 * 60 * 1000));
    const expired = await setup(tokenOf(old.link));
    expect(expired.status).toBe(404);
    expect(await expired.json()).toMatchObject({ error: { code: "setup_link_invalid" } });
    expect((await signIn(late, PASSWORD)).status).toBe(401);
  });

  it("a new link for an existing operator replaces the old one", async () => {
    const email = uniqEmail();
    const first = await createOperator({ email });
    const second = await createOperator({ email });
    expect(second.created).toBe(false);
    expect((await setup(tokenOf(first.link))).status).toBe(404);
    expect((await setup(tokenOf(second.link))).status).toBe(200);
  });

  it("a too-short password is refused without spending the link", async () => {
    const { link } = await createOperator({ email: uniqEmail() });
    const short = await setup(tokenOf(link), "short");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: { code: "invalid_request" } });
    expect((await setup(tokenOf(link))).status).toBe(200);
  });

  it("nobody can sign up, and a cross-site sign-in is refused", async () => {
    const email = uniqEmail();
    const signUp = await authPost(
      jsonRequest(
        "/api/auth/sign-up/email",
        { email, password: PASSWORD, name: "Eve" },
        { site: SITE, headers: { origin: SITE } },
      ),
    );
    expect(signUp.status).toBeGreaterThanOrEqual(400);
    expect(signUp.status).toBeLessThan(500);
    expect(await getDb().operatorUser.count({ where: { email } })).toBe(0);

    const operator = uniqEmail();
    await setup(tokenOf((await createOperator({ email: operator })).link));
    const crossSite = await signIn(operator, PASSWORD, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
  });
});
