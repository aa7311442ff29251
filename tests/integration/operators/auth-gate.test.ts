import { describe, expect, it } from "vitest";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { POST as invitePost } from "@/app/api/admin/operators/route";
import { getDb } from "@/lib/platform/server/db";
import { errorOf } from "@/tests/support/http";
import { adminRequest, SITE, signedInOperator } from "@/tests/support/operator-session";

// better-auth's endpoints behind the app's gate: a body limit checked before reading, a deadline
// for bodies that never arrive, the storable-text and type rules (400, never 500), only the
// endpoints the console calls, and one rule for operator names wherever they are set.

function authRequest(path: string, init: { body?: BodyInit; headers?: Record<string, string>; method?: string } = {}) {
  return new Request(`${SITE}/api/auth${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", origin: SITE, ...init.headers },
    body: init.body,
    duplex: "half",
  } as RequestInit);
}

/** A body stream that sends `first` and then nothing more, never ending. */
function stalledBody(first = "") {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (first) controller.enqueue(new TextEncoder().encode(first));
    },
  });
}

describe("/api/auth/* behind the app's gate", () => {
  it("answers 413 to a declared 50 MB body before reading any of it", async () => {
    const answer = await authPost(
      authRequest("/sign-in/email", { body: stalledBody(), headers: { "content-length": String(50 * 1024 * 1024) } }),
    );
    expect(answer.status).toBe(413);
    expect((await errorOf(answer)).code).toBe("payload_too_large");
  });

  it("answers 413 to an oversized body sent without a length", async () => {
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(64 * 1024) });
    const answer = await authPost(authRequest("/sign-in/email", { body: big }));
    expect(answer.status).toBe(413);
  });

  it("answers 408 to a body that stops arriving", async () => {
    const answer = await authPost(
      authRequest("/sign-in/email", { body: stalledBody('{"email":'), headers: { "content-length": "200" } }),
    );
    expect(answer.status).toBe(408);
    expect((await errorOf(answer)).code).toBe("body_timeout");
  }, 20_000);

  it.each([
    ["a NUL in the e-mail", "/sign-in/email", { email: "op\u0000@example.com", password: "a long password 42" }],
    ["an unpaired surrogate", "/sign-in/email", { email: "op@example.com", password: "pass\ud800word long" }],
    ["an e-mail that is a number", "/sign-in/email", { email: 42, password: "a long password 42" }],
    ["a 300-character e-mail", "/sign-in/email", { email: `${"a".repeat(300)}@example.com`, password: "x" }],
    ["an unknown field", "/sign-in/email", { email: "op@example.com", password: "x", role: "owner" }],
    ["a passkey id that is not text", "/passkey/delete-passkey", { id: { $ne: null } }],
    ["a passkey name on two lines", "/passkey/verify-registration", { response: {}, name: "Key\r\nBcc: x" }],
  ])("answers 400 to %s", async (_, path, body) => {
    const answer = await authPost(authRequest(path, { body: JSON.stringify(body) }));
    expect(answer.status).toBe(400);
    expect((await errorOf(answer)).code).toBe("invalid_request");
  });

  it("answers 400 to a body that is not JSON, and 415 to one that says it is something else", async () => {
    expect((await authPost(authRequest("/sign-in/email", { body: "{" }))).status).toBe(400);
    const form = authRequest("/sign-in/email", { body: "email=a", headers: { "content-type": "text/plain" } });
    expect((await authPost(form)).status).toBe(415);
  });

  it("opens only the endpoints the console calls: update-user, sign-up and the rest are 404", async () => {
    const operator = await signedInOperator();
    for (const path of ["/update-user", "/sign-up/email", "/change-password", "/reset-password", "/list-sessions"]) {
      const post = await authPost(
        authRequest(path, { body: JSON.stringify({ name: "x".repeat(20_000) }), headers: { cookie: operator.cookie } }),
      );
      expect(post.status, path).toBe(404);
      const get = await authGet(authRequest(path, { method: "GET", headers: { cookie: operator.cookie } }));
      expect(get.status, path).toBe(404);
    }
    const name = await getDb().operatorUser.findUnique({ where: { id: operator.operatorId }, select: { name: true } });
    expect(name?.name.length).toBeLessThan(100);
  });

  it("refuses a passkey name with invisible formatting in the registration options", async () => {
    const operator = await signedInOperator();
    const answer = await authGet(
      authRequest(`/passkey/generate-register-options?name=${encodeURIComponent("\u202egnp.exe")}`, {
        method: "GET",
        headers: { cookie: operator.cookie },
      }),
    );
    expect(answer.status).toBe(400);
  });
});

describe("operator names", () => {
  it.each([
    ["two lines", "Eve\r\nBcc: all@example.com"],
    ["a right-to-left override", "Eve \u202eevil"],
    ["101 characters", "x".repeat(101)],
  ])("an invitation refuses a name with %s", async (_, name) => {
    const inviter = await signedInOperator();
    const email = `invitee-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const answer = await invitePost(
      adminRequest("/api/admin/operators", { body: { email, name }, cookie: inviter.cookie }),
    );
    expect(answer.status).toBe(400);
    expect(await getDb().operatorUser.count({ where: { email } })).toBe(0);
  });
});
