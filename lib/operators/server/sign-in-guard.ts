import "server-only";
import { APIError } from "better-auth/api";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import {
  accountDelaySeconds,
  decideAttempt,
  FREE_ATTEMPTS,
  retryMessage,
  type FailureState,
} from "@/lib/operators/shared/lockout";
import { clientIp, clientNetwork } from "@/lib/platform/server/security/client-ip";
import { currentPeerSecret } from "@/lib/platform/server/security/peer-stamp";
import { consumeRateLimit, type RateRule } from "@/lib/platform/server/security/rate-limit";

// Console sign-in limits in PostgreSQL, so they hold across instances: a budget per client address,
// a growing lockout per account and client network, and a short pause per account
// (lib/operators/shared/lockout.ts, docs/decisions/0017). Run from better-auth's hooks.

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

/** The network of the account's row counting failures from anywhere (no address looks like it). */
export const ANYWHERE = "*";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function guardAddress(headers: Headers | undefined, now = new Date()): Promise<void> {
  const decision = await consumeRateLimit(SIGN_IN_ADDRESS_RULE, verifiedClientIp(headers), now);
  if (!decision.allowed) throw tooMany(decision.retryAfterSeconds, now);
}

/** The rows an attempt counts in: its client network's, and the account's from anywhere. */
function failureKeys(email: string, headers: Headers | undefined): { email: string; network: string } {
  return { email: normalizeEmail(email), network: clientNetwork(verifiedClientIp(headers)) };
}

type FailureRow = { network: string; failures: number; locked_until: Date | null; last_failure_at: Date | null };

const stateOf = (row: FailureRow | undefined): FailureState => ({
  failures: row?.failures ?? 0,
  lockedUntil: row?.locked_until ?? null,
  lastFailureAt: row?.last_failure_at ?? null,
});

/**
 * Counted as a failure until the sign-in succeeds; the row locks order parallel attempts. A lock
 * from one network leaves the owner's others open; the account-wide pause is seconds at most.
 */
export async function guardAccount(email: string, headers: Headers | undefined, now = new Date()): Promise<void> {
  const { email: key, network } = failureKeys(email, headers);
  const refusal = await getDb().$transaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO operator_login_failures (email, network) VALUES (${key}, ${ANYWHERE}), (${key}, ${network})
      ON CONFLICT (email, network) DO NOTHING`;
    const rows = await tx.$queryRaw<FailureRow[]>`
      SELECT network, failures, locked_until, last_failure_at FROM operator_login_failures
      WHERE email = ${key} AND network IN (${ANYWHERE}, ${network}) ORDER BY network FOR UPDATE`;
    const fromNetwork = decideAttempt(stateOf(rows.find((row) => row.network === network)), now);
    if (!fromNetwork.allowed) return fromNetwork.retryAfterSeconds;
    const anywhere = rows.find((row) => row.network === ANYWHERE);
    const fromAnywhere = decideAttempt(stateOf(anywhere), now, accountDelaySeconds);
    if (!fromAnywhere.allowed) return fromAnywhere.retryAfterSeconds;
    await tx.operatorLoginFailure.update({ where: { email_network: { email: key, network } }, data: fromNetwork.next });
    await tx.operatorLoginFailure.update({
      where: { email_network: { email: key, network: ANYWHERE } },
      data: fromAnywhere.next,
    });
    return null;
  });
  if (refusal !== null) throw tooMany(refusal, now);
}

export async function settleAttempt(email: string, succeeded: boolean, headers: Headers | undefined): Promise<void> {
  const { email: key, network } = failureKeys(email, headers);
  const db = getDb();
  if (succeeded) {
    // The account-wide count keeps the guesses, so spread-out guessing stays slow; only this
    // attempt, counted in advance, is taken back with the pause it set.
    await db.operatorLoginFailure.deleteMany({ where: { email: key, network } });
    await db.$executeRaw`UPDATE operator_login_failures SET failures = GREATEST(failures - 1, 0), locked_until = NULL
      WHERE email = ${key} AND network = ${ANYWHERE}`;
    return;
  }
  const row = await db.operatorLoginFailure.findUnique({ where: { email_network: { email: key, network } } });
  if (!row || row.failures < FREE_ATTEMPTS || !row.lockedUntil) return;
  const operator = await db.operatorUser.findUnique({ where: { email: key }, select: { id: true } });
  // An unknown address is audited too (someone is guessing), without keeping what was typed.
  await recordAudit({
    operatorId: null,
    action: "operator.lockout",
    targetType: "operator",
    ...(operator ? { targetId: operator.id } : {}),
    details: {
      failures: row.failures,
      lockedUntil: row.lockedUntil.toISOString(),
      knownOperator: Boolean(operator),
      network,
    },
    ip: verifiedClientIp(headers),
  });
}

/** Sessions are deleted on sign-out, so their rows cannot say this. */
export async function recordSignIn(operatorId: string, now = new Date()): Promise<void> {
  await getDb().operatorUser.updateMany({ where: { id: operatorId }, data: { lastSignInAt: now } });
}
