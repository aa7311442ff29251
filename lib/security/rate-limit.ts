import "server-only";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";

// Fixed-window counters in PostgreSQL, so a limit holds across app instances and restarts.

export type RateRule = { name: string; limit: number; windowSeconds: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function consumeRateLimit(rule: RateRule, subject: string, now = new Date()): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const key = `${rule.name}:${subject}`;
  const rows = await getDb().$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + 1
    RETURNING count`;
  const count = rows[0]?.count ?? 1;
  if (Math.random() < 0.01) void pruneOldBuckets(now);
  if (count <= rule.limit * getConfig().RATE_LIMIT_SCALE) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds };
}

async function pruneOldBuckets(now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await getDb()
    .rateLimitBucket.deleteMany({ where: { windowStart: { lt: cutoff } } })
    .catch(() => undefined);
}
