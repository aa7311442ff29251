import { describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...all]/route";
import { getDb } from "@/lib/platform/server/db";
import { OPERATOR_SESSION_ABSOLUTE_SECONDS, OPERATOR_SESSION_IDLE_SECONDS } from "@/lib/operators/shared/auth-rules";
import {
  authRequest,
  operatorWithPassword,
  OPERATOR_PASSWORD,
  sessionOf,
  signedInOperator,
  withCookies,
} from "@/tests/support/operator-session";

// A console session ends 30 minutes after its last request and 12 hours after its sign-in,
// whatever the sign-in form asked for. Time passing is the session's timestamps moved back.

const MINUTE = 60_000;

/** As if `minutes` had passed since the operator's sessions were last touched. */
async function timePasses(operatorId: string, minutes: number): Promise<void> {
  await getDb().$executeRaw`
    UPDATE operator_sessions
       SET created_at = created_at - make_interval(mins => ${minutes}),
           updated_at = updated_at - make_interval(mins => ${minutes}),
           expires_at = expires_at - make_interval(mins => ${minutes})
     WHERE user_id = ${operatorId}`;
}

const sessionRow = (operatorId: string) => getDb().operatorSession.findFirstOrThrow({ where: { userId: operatorId } });

describe("console session limits", () => {
  it("ends after 30 minutes without a request, and a request within them pushes the end on", async () => {
    expect(OPERATOR_SESSION_IDLE_SECONDS).toBe(30 * 60);
    const busy = await signedInOperator();
    await timePasses(busy.operatorId, 29);
    expect(await sessionOf(busy.cookie)).not.toBeNull();
    const pushed = await sessionRow(busy.operatorId);
    expect(pushed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * MINUTE);
    await timePasses(busy.operatorId, 29);
    expect(await sessionOf(busy.cookie)).not.toBeNull();

    const idle = await signedInOperator();
    await timePasses(idle.operatorId, 31);
    expect(await sessionOf(idle.cookie)).toBeNull();
  });

  it("ends 12 hours after the sign-in however busy the operator is", async () => {
    expect(OPERATOR_SESSION_ABSOLUTE_SECONDS).toBe(12 * 60 * 60);
    const { operatorId, cookie } = await signedInOperator();
    // Signed in 11 h 59 min ago, last request two minutes ago.
    await getDb().$executeRaw`
      UPDATE operator_sessions
         SET created_at = now() - interval '11 hours 59 minutes',
             updated_at = now() - interval '2 minutes',
             expires_at = now() + interval '28 minutes'
       WHERE user_id = ${operatorId}`;
    expect(await sessionOf(cookie)).not.toBeNull();
    const row = await sessionRow(operatorId);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(
      row.createdAt.getTime() + OPERATOR_SESSION_ABSOLUTE_SECONDS * 1000,
    );
    await timePasses(operatorId, 2);
    expect(await sessionOf(cookie)).toBeNull();
  });

  it("a sign-in sending rememberMe: false gets the same 30-minute sliding session, not a fixed day", async () => {
    const { operatorId, email } = await operatorWithPassword();
    const response = await authPost(
      authRequest("/api/auth/sign-in/email", { email, password: OPERATOR_PASSWORD, rememberMe: false }),
    );
    expect(response.status).toBe(200);
    const cookie = withCookies("", response);
    expect(cookie).not.toMatch(/dont_remember/);
    const row = await sessionRow(operatorId);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + OPERATOR_SESSION_IDLE_SECONDS * 1000);
    await timePasses(operatorId, 31);
    expect(await sessionOf(cookie)).toBeNull();
  });
});
