import "server-only";
import { getDb } from "@/lib/db";
import type { RateDecision, RateRule } from "@/lib/security/rate-limit";

// Per-client limit for POST /api/track-action. The counters live in PostgreSQL
// (rate_limit_buckets, like every other limit) so they hold across instances, but they are
// written behind: the first event of a client in a window is counted in the database before it
// is accepted, later ones are counted locally and added to the shared row at most every
// FLUSH_MS. One upsert per event on a single client's row serialises every event of that
// client on the row lock and a WAL flush (measured: ~900 upserts/s against ~7,000 inserts/s),
// so a busy page would be throttled by its own limiter. Other instances' events show up here
// within FLUSH_MS.

const FLUSH_MS = 200;
const MAX_TRACKED = 50_000;

type Bucket = {
  key: string;
  windowStart: Date;
  windowEnds: number;
  /** Count in PostgreSQL as of our last write (every instance's events). */
  shared: number;
  /** Accepted here, not yet added to PostgreSQL. */
  pending: number;
  timer: NodeJS.Timeout | null;
  loaded: Promise<void> | null;
};

const buckets = new Map<string, Bucket>();

async function addToShared(bucket: Bucket, amount: number): Promise<void> {
  const rows = await getDb().$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_buckets (key, window_start, count) VALUES (${bucket.key}, ${bucket.windowStart}, ${amount})
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_buckets.count + ${amount}
    RETURNING count`;
  bucket.shared = rows[0]?.count ?? bucket.shared + amount;
}

function scheduleFlush(bucket: Bucket): void {
  if (bucket.timer) return;
  bucket.timer = setTimeout(() => {
    bucket.timer = null;
    const amount = bucket.pending;
    if (amount === 0) return;
    bucket.pending = 0;
    addToShared(bucket, amount).catch(() => {
      // Database unreachable: keep the count for the next flush rather than forgetting it.
      bucket.pending += amount;
    });
  }, FLUSH_MS);
  bucket.timer.unref();
}

function sweep(now: number): void {
  if (buckets.size < MAX_TRACKED) return;
  for (const [key, bucket] of buckets) if (bucket.windowEnds <= now && !bucket.timer) buckets.delete(key);
}

export async function consumeEventBudget(rule: RateRule, subject: string, now = Date.now()): Promise<RateDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const key = `${rule.name}:${subject}`;
  let bucket = buckets.get(key);
  if (!bucket || bucket.windowStart.getTime() !== start) {
    sweep(now);
    bucket = {
      key,
      windowStart: new Date(start),
      windowEnds: start + windowMs,
      shared: 0,
      pending: 0,
      timer: null,
      loaded: null,
    };
    buckets.set(key, bucket);
    const fresh = bucket;
    fresh.loaded = addToShared(fresh, 1).catch((error: unknown) => {
      buckets.delete(key); // retry the database next time
      throw error;
    });
    await fresh.loaded;
    return fresh.shared <= rule.limit ? { allowed: true } : denied(fresh, now);
  }
  if (bucket.loaded) await bucket.loaded;
  if (bucket.shared + bucket.pending >= rule.limit) return denied(bucket, now);
  bucket.pending += 1;
  scheduleFlush(bucket);
  return { allowed: true };
}

function denied(bucket: Bucket, now: number): RateDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.windowEnds - now) / 1000)) };
}
