import { describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { getDb } from "@/lib/platform/server/db";
import { FREE_ATTEMPTS } from "@/lib/operators/shared/lockout";
import { SIGN_IN_ADDRESS_RULE } from "@/lib/operators/server/sign-in-guard";
import { OPERATOR_PASSWORD, operatorWithPassword, SITE } from "@/tests/support/operator-session";
import { nextPeer, peerHeader } from "@/tests/support/http";

// Sign-in limits in PostgreSQL — a growing lockout per account (whatever address the
// guesses come from) and a budget per address (whatever accounts it tries); both answer 429 with
// Retry-After and say when to try again; a lockout is audited; a success resets the count.

const signIn = (email: string, password: string, peer = nextPeer(), extra: Record<string, string> = {}) =>
  authPost(
    new Request(`${SITE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE, ...peerHeader(peer), ...extra },
      body: JSON.stringify({ email, password }),
    }),
  );

describe("console sign-in limits", () => {
  it("locks an account after five failures from any address, says when to come back, and audits it", async () => {
    const { email, operatorId } = await operatorWithPassword();
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) expect((await signIn(email, `wrong password ${i}`)).status).toBe(401);

    // Locked: even the right password from a fresh address waits.
    const locked = await signIn(email, OPERATOR_PASSWORD);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await locked.json()) as { message: string };
    expect(body.message).toMatch(
      /^Too many sign-in attempts\. Try again in (1 minute|\d\d seconds) \(at \d\d:\d\d UTC\)\.$/,
    );
    expect(locked.headers.getSetCookie()).toEqual([]);

    const audit = await getDb().auditLog.findMany({ where: { action: "operator.lockout", targetId: operatorId } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ failures: FREE_ATTEMPTS, knownOperator: true });

    // The lock grows: once it has passed, one more failure locks for two minutes.
    await getDb().operatorLoginFailure.update({
      where: { email },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    expect((await signIn(email, "wrong again")).status).toBe(401);
    const row = await getDb().operatorLoginFailure.findUniqueOrThrow({ where: { email } });
    expect(row.failures).toBe(FREE_ATTEMPTS + 1);
    const seconds = (row.lockedUntil!.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(110);
    expect(seconds).toBeLessThanOrEqual(120);
    expect(Number((await signIn(email, OPERATOR_PASSWORD)).headers.get("retry-after"))).toBeGreaterThan(110);

    // After the lock, the right password works and forgets the failures.
    await getDb().operatorLoginFailure.update({ where: { email }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect((await signIn(email, OPERATOR_PASSWORD)).status).toBe(200);
    expect(await getDb().operatorLoginFailure.findUnique({ where: { email } })).toBeNull();
  });

  it("a success before the limit resets the count", async () => {
    const { email } = await operatorWithPassword();
    for (let i = 0; i < FREE_ATTEMPTS - 1; i += 1) expect((await signIn(email, "nope nope nope")).status).toBe(401);
    expect((await signIn(email, OPERATOR_PASSWORD)).status).toBe(200);
    for (let i = 0; i < FREE_ATTEMPTS - 1; i += 1) expect((await signIn(email, "nope nope nope")).status).toBe(401);
    expect((await signIn(email, OPERATOR_PASSWORD)).status).toBe(200);
  });

  it("parallel guesses cannot slip past the lock", async () => {
    const { email } = await operatorWithPassword();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(email, `parallel ${i}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_ATTEMPTS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - FREE_ATTEMPTS);
  });

  it("an unknown address locks the same way (no hint which e-mails exist), audited without the e-mail", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) expect((await signIn(email, "whatever whatever")).status).toBe(401);
    expect((await signIn(email, "whatever whatever")).status).toBe(429);
    const audit = await getDb().auditLog.findFirstOrThrow({
      where: { action: "operator.lockout", details: { path: ["knownOperator"], equals: false } },
      orderBy: { at: "desc" },
    });
    expect(JSON.stringify({ ...audit, id: String(audit.id) })).not.toContain(email);
  });

  it("limits sign-ins per client address across accounts, with Retry-After", async () => {
    const peer = nextPeer();
    const limit = SIGN_IN_ADDRESS_RULE.limit as number;
    // setup-env's RATE_LIMIT_SCALE applies; read the effective limit from the refusals instead.
    let refused: Response | null = null;
    for (let i = 0; i < limit * 50 && !refused; i += 1) {
      const answer = await signIn(`guess-${i}-${Date.now()}@example.com`, "whatever whatever", peer);
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(401);
    }
    expect(refused).not.toBeNull();
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused!.json()) as { message: string }).message).toMatch(
      /^Too many sign-in attempts\. Try again in/,
    );
    // Another address is not affected.
    expect((await signIn(`other-${Date.now()}@example.com`, "whatever whatever")).status).toBe(401);
  });

  it("better-auth records the verified client address, not a made-up X-Forwarded-For or header", async () => {
    // No second factor yet, so the password alone makes the session whose address is checked.
    const { email } = await operatorWithPassword();
    const peer = nextPeer();
    const answer = await signIn(email, OPERATOR_PASSWORD, peer, {
      "x-forwarded-for": "6.6.6.6",
      "x-ff-admin-client-ip": "7.7.7.7",
    });
    expect(answer.status).toBe(200);
    const user = await getDb().operatorUser.findUniqueOrThrow({ where: { email } });
    const session = await getDb().operatorSession.findFirstOrThrow({
      where: { userId: user.id },
      orderBy: { createdAt: "desc" },
    });
    expect(session.ipAddress).toBe(peer);
  });
});
