import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { getDb, getPool, waitedOutFullPool } from "@/lib/platform/server/db";
import { addressBudgetKey } from "@/lib/platform/server/security/client-ip";
import { DAY_MS } from "@/lib/shared/dates";

// Fixed-window counters in PostgreSQL, so a limit holds across app instances and restarts. One
// conditional upsert per request: the row lock orders concurrent requests, and the count only
// moves while it is under the limit, so a burst is accepted exactly up to the limit, however
// many requests and instances race. No row comes back once the window is full.

export type RateRule = {
  name: string;
  /** Requests per window; a function when the limit comes from configuration (read per request). */
  limit: number | (() => number);
  windowSeconds: number;
};
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const CONSUME = `INSERT INTO rate_limit_buckets (key, window_start, count) VALUES ($1, $2, 1)
ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
WHERE rate_limit_buckets.count < $3
RETURNING count`;

/** The limit in force: the rule's, times RATE_LIMIT_SCALE. */
export function effectiveLimit(rule: RateRule): number {
  const base = typeof rule.limit === "function" ? rule.limit() : rule.limit;
  return Math.floor(base * getConfig().RATE_LIMIT_SCALE);
}

/** Counts one request of `subject` (an address, whose IPv6 /64 shares one budget, or any key). */
export async function consumeRateLimit(rule: RateRule, subject: string, now = new Date()): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const key = `${rule.name}:${addressBudgetKey(subject)}`;
  // Prisma's own pool: every API request runs this, and the ORM's request pipeline would cost
  // more than the statement (npm run bench:api). Unnamed, as every statement of the app: a named
  // one breaks behind PgBouncer in transaction mode (README, "PgBouncer / several instances").
  const result = await getPool()
    .query(CONSUME, [key, windowStart, effectiveLimit(rule)])
    .catch((error: unknown) => {
      // A flood that fills the pool must not pass as an outage (which some routes let through,
      // json-route.ts `limiterDown`): while every connection is busy the request is shed.
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
