import "server-only";
import { APIError } from "better-auth/api";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { decideAttempt, FREE_ATTEMPTS, retryMessage } from "@/lib/operators/shared/lockout";
import { clientIp } from "@/lib/platform/server/security/client-ip";
import { currentPeerSecret } from "@/lib/platform/server/security/peer-stamp";
import { consumeRateLimit, type RateRule } from "@/lib/platform/server/security/rate-limit";

// Console sign-in limits in PostgreSQL, so they hold across instances: a budget per client address
// and a growing lockout per account (lib/operators/shared/lockout.ts). Run from better-auth's hooks.

export const SIGN_IN_ADDRESS_RULE: RateRule = { name: "admin-sign-in", limit: 20, windowSeconds: 600 };

/** Never a raw header. */
export function verifiedClientIp(headers: Headers | undefined): string {
  return clientIp(headers ?? new Headers(), getConfig().TRUSTED_PROXY_HOPS, currentPeerSecret());
}

function tooMany(retryAfterSeconds: number, now: Date): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: retryMessage(retryAfterSeconds, now), code: "TOO_MANY_ATTEMPTS" },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function guardAddress(headers: Headers | undefined, now = new Date()): Promise<void> {
  const decision = await consumeRateLimit(SIGN_IN_ADDRESS_RULE, verifiedClientIp(headers), now);
  if (!decision.allowed) throw tooMany(decision.retryAfterSeconds, now);
}

/** Counted as a failure until the sign-in succeeds; the row lock orders parallel attempts. */
export async function guardAccount(email: string, now = new Date()): Promise<void> {
  const key = normalizeEmail(email);
  const refusal = await getDb().$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO operator_login_failures (email) VALUES (${key}) ON CONFLICT (email) DO NOTHING`;
    const [row] = await tx.$queryRaw<{ failures: number; locked_until: Date | null; last_failure_at: Date | null }[]>`
      SELECT failures, locked_until, last_failure_at FROM operator_login_failures WHERE email = ${key} FOR UPDATE`;
    const decision = decideAttempt(
      {
        failures: row?.failures ?? 0,
        lockedUntil: row?.locked_until ?? null,
        lastFailureAt: row?.last_failure_at ?? null,
      },
      now,
    );
    if (!decision.allowed) return decision.retryAfterSeconds;
    await tx.operatorLoginFailure.update({ where: { email: key }, data: decision.next });
    return null;
  });
  if (refusal !== null) throw tooMany(refusal, now);
}

export async function settleAttempt(email: string, succeeded: boolean, headers: Headers | undefined): Promise<void> {
  const key = normalizeEmail(email);
  const db = getDb();
  if (succeeded) {
    await db.operatorLoginFailure.deleteMany({ where: { email: key } });
    return;
  }
  const row = await db.operatorLoginFailure.findUnique({ where: { email: key } });
  if (!row || row.failures < FREE_ATTEMPTS || !row.lockedUntil) return;
  const operator = await db.operatorUser.findUnique({ where: { email: key }, select: { id: true } });
  // An unknown address is audited too (someone is guessing), without keeping what was typed.
  await recordAudit({
    operatorId: null,
    action: "operator.lockout",
    targetType: "operator",
    ...(operator ? { targetId: operator.id } : {}),
    details: { failures: row.failures, lockedUntil: row.lockedUntil.toISOString(), knownOperator: Boolean(operator) },
    ip: verifiedClientIp(headers),
  });
}

/** Sessions are deleted on sign-out, so their rows cannot say this. */
export async function recordSignIn(operatorId: string, now = new Date()): Promise<void> {
  await getDb().operatorUser.updateMany({ where: { id: operatorId }, data: { lastSignInAt: now } });
}
