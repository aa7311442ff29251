import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getDatabaseUrl } from "@/lib/platform/server/config";
import { describeError } from "@/lib/platform/shared/describe-error";
import { log } from "@/lib/platform/server/logger";

// On globalThis because the dev server re-evaluates modules on every change.
const globalForDb = globalThis as unknown as {
  funnelPool?: pg.Pool;
  funnelPoolOpen?: { count: number };
  prisma?: PrismaClient;
};

const POOL_SIZE = 10;

/**
 * A wait for a free connection that ran out while every connection was busy: overload, not an
 * outage. pg-pool words it like a connect timeout, hence the count of open ones.
 */
export function waitedOutFullPool(error: unknown): boolean {
  const pool = globalForDb.funnelPool;
  return (
    error instanceof Error &&
    error.message === "timeout exceeded when trying to connect" &&
    pool !== undefined &&
    (globalForDb.funnelPoolOpen?.count ?? 0) >= POOL_SIZE &&
    pool.idleCount === 0
  );
}

/** A pool on the app's database: a wait for a connection ends after 2 s, and losing an idle one is logged, not a crash. */
export function openAppPool(max: number, kind = "connection"): pg.Pool {
  const pool = new pg.Pool({ connectionString: getDatabaseUrl(), max, connectionTimeoutMillis: 2_000 });
  pool.on("error", (error) => log.warn(`[db] idle ${kind} lost: ${describeError(error)}`));
  return pool;
}

/** For the few hot writes where the ORM adds only overhead. */
export function getPool(): pg.Pool {
  if (!globalForDb.funnelPool) {
    const pool = openAppPool(POOL_SIZE);
    // A closed pool's late 'remove' events must not count against its successor.
    const open = { count: 0 };
    pool.on("connect", () => (open.count += 1));
    pool.on("remove", () => (open.count -= 1));
    globalForDb.funnelPoolOpen = open;
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
