import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { getDb, getPool, waitedOutFullPool } from "@/lib/platform/server/db";
import { addressBudgetKey } from "@/lib/platform/server/security/client-ip";
import { DAY_MS } from "@/lib/shared/dates";
import { ApiError } from "@/lib/platform/shared/api-error";

// Fixed-window counters in PostgreSQL (docs/decisions/0012): one conditional upsert per request, so a
// burst is accepted exactly up to the limit however many instances race.

export type RateRule = {
  name: string;
  limit: number | (() => number);
  windowSeconds: number;
};
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const CONSUME = `INSERT INTO rate_limit_buckets (key, window_start, count) VALUES ($1, $2, 1)
ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
WHERE rate_limit_buckets.count < $3
RETURNING count`;

export function effectiveLimit(rule: RateRule): number {
  const base = typeof rule.limit === "function" ? rule.limit() : rule.limit;
  return Math.floor(base * getConfig().RATE_LIMIT_SCALE);
}

export async function consumeRateLimit(rule: RateRule, subject: string, now = new Date()): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const key = `${rule.name}:${addressBudgetKey(subject)}`;
  // Raw pool, not the ORM: every API request runs this. Unnamed statements: a named one breaks
  // behind PgBouncer in transaction mode (docs/operations.md#pgbouncer).
  const result = await getPool()
    .query(CONSUME, [key, windowStart, effectiveLimit(rule)])
    .catch((error: unknown) => {
      // A flood that fills the pool must not pass as an outage (which `limiterDown: "open"` lets through).
      if (waitedOutFullPool(error)) return null;
      throw error;
    });
  if (!result) return { allowed: false, retryAfterSeconds: 1 };
  const { rowCount } = result;
  if (Math.random() < 0.001) void pruneOldBuckets(now);
  if (rowCount) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds };
}

async function pruneOldBuckets(now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - DAY_MS);
  await getDb()
    .rateLimitBucket.deleteMany({ where: { windowStart: { lt: cutoff } } })
    .catch(() => undefined);
}

/** A spent limit's answer: 429 with when to try again. */
export function assertAllowed(decision: RateDecision): void {
  if (!decision.allowed) {
    throw new ApiError("rate_limited", undefined, { "Retry-After": String(decision.retryAfterSeconds) });
  }
}

/** Counts one request of the subject against the rule, or throws the 429. */
export async function enforceRateLimit(rule: RateRule, subject: string): Promise<void> {
  assertAllowed(await consumeRateLimit(rule, subject));
}
