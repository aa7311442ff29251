import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getDatabaseUrl } from "@/lib/platform/server/config";

// One connection pool and one Prisma client per process, kept on globalThis because the dev
// server re-evaluates modules on every change.
const globalForDb = globalThis as unknown as { funnelPool?: pg.Pool; prisma?: PrismaClient };

/** The pool under Prisma's adapter; for the few hot writes where the ORM adds only overhead. */
export function getPool(): pg.Pool {
  globalForDb.funnelPool ??= new pg.Pool({
    connectionString: getDatabaseUrl(),
    max: 10,
    connectionTimeoutMillis: 2_000,
  });
  return globalForDb.funnelPool;
}

export function getDb(): PrismaClient {
  globalForDb.prisma ??= new PrismaClient({ adapter: new PrismaPg(getPool()) });
  return globalForDb.prisma;
}
