import { describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { getDb } from "@/lib/platform/server/db";
import { ACCOUNT_FREE_ATTEMPTS, FREE_ATTEMPTS, MAX_ACCOUNT_DELAY_SECONDS } from "@/lib/operators/shared/lockout";
import { ANYWHERE, SIGN_IN_ADDRESS_RULE } from "@/lib/operators/server/sign-in-guard";
import { OPERATOR_PASSWORD, operatorWithPassword, SITE } from "@/tests/support/operator-session";
import { nextPeer, peerHeader } from "@/tests/support/http";

// Sign-in limits in PostgreSQL — a growing lockout per account and client network (/24, /64), a
// pause of seconds per account from anywhere, and a budget per address (whatever accounts it
// tries); all answer 429 with Retry-After and say when to try again; a lockout is audited; a
// success resets its network's count; a refused origin counts nothing.

const signIn = (email: string, password: string, peer = nextPeer(), extra: Record<string, string> = {}) =>
  authPost(
    new Request(`${SITE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE, ...peerHeader(peer), ...extra },
      body: JSON.stringify({ email, password }),
    }),
  );

let network = 0;
/** A fresh /24 each call (in 100.64.0.0/10, which nextPeer never hands out); `at(n)` is one of its addresses. */
function nextNetwork(): { at: (host: number) => string; name: string } {
  network += 1;
  const prefix = `100.${64 + Math.floor(network / 250)}.${network % 250}`;
  return { at: (host) => `${prefix}.${host}`, name: `${prefix}.0/24` };
}

const failureRow = (email: string, where: string) =>
  getDb().operatorLoginFailure.findUnique({ where: { email_network: { email, network: where } } });

describe("console sign-in limits", () => {
  it("locks an account after five failures from one network, says when to come back, and audits it", async () => {
    const { email, operatorId } = await operatorWithPassword();
    const guesser = nextNetwork();
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) {
      expect((await signIn(email, `wrong password ${i}`, guesser.at(i + 1))).status).toBe(401);
    }

    // Locked: even the right password from another address of that network waits.
    const locked = await signIn(email, OPERATOR_PASSWORD, guesser.at(200));
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
    const where = { email_network: { email, network: guesser.name } };
    await getDb().operatorLoginFailure.update({ where, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect((await signIn(email, "wrong again", guesser.at(7))).status).toBe(401);
    const row = await getDb().operatorLoginFailure.findUniqueOrThrow({ where });
    expect(row.failures).toBe(FREE_ATTEMPTS + 1);
    const seconds = (row.lockedUntil!.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(110);
    expect(seconds).toBeLessThanOrEqual(120);
    const stillLocked = await signIn(email, OPERATOR_PASSWORD, guesser.at(8));
    expect(Number(stillLocked.headers.get("retry-after"))).toBeGreaterThan(110);

    // After the lock, the right password works and forgets that network's failures.
    await getDb().operatorLoginFailure.update({ where, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect((await signIn(email, OPERATOR_PASSWORD, guesser.at(9))).status).toBe(200);
    expect(await failureRow(email, guesser.name)).toBeNull();
  });

  it("a locked-out attacker's network does not lock the owner out from theirs, and stays locked", async () => {
    const { email } = await operatorWithPassword();
    const attacker = nextNetwork();
    const owner = nextNetwork();
    // Anonymous guesses, each from another address of one /24, well past the free attempts.
    for (let i = 0; i < FREE_ATTEMPTS + 3; i += 1) await signIn(email, `attacker guess ${i}`, attacker.at(i + 1));
    expect((await signIn(email, OPERATOR_PASSWORD, attacker.at(100))).status).toBe(429);

    for (let i = 0; i < 3; i += 1) expect((await signIn(email, OPERATOR_PASSWORD, owner.at(10))).status).toBe(200);

    // The owner's success forgets nothing about the attacker's network.
    const refused = await signIn(email, OPERATOR_PASSWORD, attacker.at(101));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(50);
    expect((await failureRow(email, attacker.name))?.failures).toBe(FREE_ATTEMPTS);
    // An IPv6 attacker is one /64, whatever interface id it picks.
    const v6 = (host: number) => `2001:db8:${network}:7::${host.toString(16)}`;
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) await signIn(email, `v6 guess ${i}`, v6(i + 1));
    expect((await signIn(email, OPERATOR_PASSWORD, v6(0xbeef))).status).toBe(429);
  });

  it("failures from many networks add a pause of seconds per account, growing with them", async () => {
    const { email } = await operatorWithPassword();
    for (let i = 0; i < ACCOUNT_FREE_ATTEMPTS; i += 1) {
      expect((await signIn(email, `spread guess ${i}`, nextNetwork().at(1))).status).toBe(401);
    }
    const anywhere = { email_network: { email, network: ANYWHERE } };
    const pauseOf = (row: { lockedUntil: Date | null; lastFailureAt: Date | null }) =>
      (row.lockedUntil!.getTime() - row.lastFailureAt!.getTime()) / 1000;
    expect(pauseOf(await getDb().operatorLoginFailure.findUniqueOrThrow({ where: anywhere }))).toBe(1);
    const pauses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      await getDb().operatorLoginFailure.update({ where: anywhere, data: { lockedUntil: new Date(Date.now() - 1) } });
      expect((await signIn(email, `later guess ${i}`, nextNetwork().at(1))).status).toBe(401);
      pauses.push(pauseOf(await getDb().operatorLoginFailure.findUniqueOrThrow({ where: anywhere })));
    }
    expect(pauses).toEqual([2, 4, 8, 16, 32, 64, 128, 256].map((s) => Math.min(s, MAX_ACCOUNT_DELAY_SECONDS)));
    const refused = await signIn(email, OPERATOR_PASSWORD, nextNetwork().at(1));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(MAX_ACCOUNT_DELAY_SECONDS);
  });

  it("a sign-in from a wrong origin is refused without counting as a failure", async () => {
    const { email } = await operatorWithPassword();
    const elsewhere = nextNetwork();
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null", "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
      { referer: "https://evil.example/login" },
    ];
    for (let i = 0; i < FREE_ATTEMPTS + 2; i += 1) {
      const answer = await authPost(
        new Request(`${SITE}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", ...peerHeader(elsewhere.at(i + 1)), ...crossSite[i % 3] },
          body: JSON.stringify({ email, password: `wrong ${i}` }),
        }),
      );
      expect(answer.status).toBe(403);
    }
    expect(await failureRow(email, elsewhere.name)).toBeNull();
    expect((await failureRow(email, ANYWHERE))?.failures ?? 0).toBe(0);
    expect((await signIn(email, OPERATOR_PASSWORD, elsewhere.at(50))).status).toBe(200);
  });

  it("a sign-in from another address of the site is told where to go and counts toward nothing", async () => {
    const { email } = await operatorWithPassword();
    const home = nextNetwork();
    const otherAddress = "http://127.0.0.1:3000";
    // More than the address budget allows, from one address: none of them may draw on it.
    const attempts = (SIGN_IN_ADDRESS_RULE.limit as number) + 1;
    for (let i = 0; i < attempts; i += 1) {
      const answer = await authPost(
        new Request(`${otherAddress}/api/auth/sign-in/email`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            host: "127.0.0.1:3000",
            origin: otherAddress,
            ...(i % 2 === 0 ? { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" } : {}),
            ...peerHeader(home.at(1)),
          },
          body: JSON.stringify({ email, password: i === 0 ? OPERATOR_PASSWORD : `wrong ${i}` }),
        }),
      );
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({
        error: {
          code: "wrong_origin",
          message: `This console is set up for ${SITE}. Open it there, or set SITE_URL to this address.`,
        },
      });
    }
    expect(await failureRow(email, home.name)).toBeNull();
    expect(await failureRow(email, ANYWHERE)).toBeNull();
    expect((await signIn(email, OPERATOR_PASSWORD, home.at(1))).status).toBe(200);
  });

  it("a success before the limit resets the count", async () => {
    const { email } = await operatorWithPassword();
    const home = nextNetwork();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < FREE_ATTEMPTS - 1; i += 1) {
        expect((await signIn(email, "nope nope nope", home.at(i + 1))).status).toBe(401);
      }
      expect((await signIn(email, OPERATOR_PASSWORD, home.at(9))).status).toBe(200);
    }
  });

  it("parallel guesses cannot slip past the lock", async () => {
    const { email } = await operatorWithPassword();
    const guesser = nextNetwork();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(email, `parallel ${i}`, guesser.at(i + 1))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_ATTEMPTS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - FREE_ATTEMPTS);
  });

  it("an unknown address locks the same way (no hint which e-mails exist), audited without the e-mail", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const guesser = nextNetwork();
    for (let i = 0; i < FREE_ATTEMPTS; i += 1) {
      expect((await signIn(email, "whatever whatever", guesser.at(i + 1))).status).toBe(401);
    }
    expect((await signIn(email, "whatever whatever", guesser.at(99))).status).toBe(429);
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
