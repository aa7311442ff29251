import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getDatabaseUrl } from "@/lib/platform/server/config";
import { describeError } from "@/lib/platform/shared/describe-error";
import { log } from "@/lib/platform/server/logger";

// On globalThis because the dev server re-evaluates modules on every change.
type PoolActivity = { open: number; lastHealthyRelease: number };

const globalForDb = globalThis as unknown as {
  funnelPool?: pg.Pool;
  funnelPoolActivity?: PoolActivity;
  prisma?: PrismaClient;
};

const POOL_SIZE = 10;
const CONNECT_WAIT_MS = 2_000;
// A server that stops answering (frozen, not closed) never errors by itself: each query gives up
// after this. The slowest report (split-test results at 200,000 exposures) takes 2.7 s.
const QUERY_TIMEOUT_MS = 5_000;

/**
 * A wait for a free connection that ran out while every connection was busy and queries were
 * still finishing: overload, not an outage. pg-pool words it like a connect timeout. With no query
 * finished during the wait, the database has stopped answering, which is an outage.
 */
export function waitedOutFullPool(error: unknown, now = Date.now()): boolean {
  const pool = globalForDb.funnelPool;
  const activity = globalForDb.funnelPoolActivity;
  return (
    error instanceof Error &&
    error.message === "timeout exceeded when trying to connect" &&
    pool !== undefined &&
    activity !== undefined &&
    activity.open >= POOL_SIZE &&
    pool.idleCount === 0 &&
    now - activity.lastHealthyRelease < CONNECT_WAIT_MS
  );
}

/** A pool on the app's database: a wait for a connection ends after 2 s, and losing an idle one is logged, not a crash. */
export function openAppPool(max: number, kind = "connection", options: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: getDatabaseUrl(),
    max,
    connectionTimeoutMillis: CONNECT_WAIT_MS,
    ...options,
  });
  pool.on("error", (error) => log.warn(`[db] idle ${kind} lost: ${describeError(error)}`));
  return pool;
}

/** For the few hot writes where the ORM adds only overhead. */
export function getPool(): pg.Pool {
  if (!globalForDb.funnelPool) {
    const pool = openAppPool(POOL_SIZE, "connection", { query_timeout: QUERY_TIMEOUT_MS, keepAlive: true });
    // A closed pool's late events must not count against its successor.
    const activity: PoolActivity = { open: 0, lastHealthyRelease: 0 };
    pool.on("connect", () => (activity.open += 1));
    pool.on("remove", () => (activity.open -= 1));
    pool.on("release", (error: Error | undefined) => {
      if (!error) activity.lastHealthyRelease = Date.now();
    });
    globalForDb.funnelPoolActivity = activity;
    globalForDb.funnelPool = pool;
  }
  return globalForDb.funnelPool;
}

export async function closeDb(): Promise<void> {
  const { funnelPool, prisma } = globalForDb;
  globalForDb.funnelPool = undefined;
  globalForDb.prisma = undefined;
  await prisma?.$disconnect();
  await funnelPool?.end();
}

export function getDb(): PrismaClient {
  globalForDb.prisma ??= new PrismaClient({ adapter: new PrismaPg(getPool()) });
  return globalForDb.prisma;
}
