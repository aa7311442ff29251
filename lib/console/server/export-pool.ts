import "server-only";
import pg from "pg";
import { getDatabaseUrl } from "@/lib/platform/server/config";
import { describeError } from "@/lib/platform/shared/describe-error";
import { ApiError } from "@/lib/platform/shared/api-error";
import { log } from "@/lib/platform/server/logger";

// A CSV export holds its connection (and an open snapshot) for the whole download, which can be
// minutes. On the shared pool (10 connections) a handful of slow downloads would leave checkout
// and the Stripe webhook waiting for a connection; exports get their own two instead, and a
// third is refused at once rather than queued behind them.

const EXPORT_CONNECTIONS = 2;
const globalForExports = globalThis as unknown as { exportPool?: pg.Pool };

export function getExportPool(): pg.Pool {
  if (!globalForExports.exportPool) {
    const pool = new pg.Pool({
      connectionString: getDatabaseUrl(),
      max: EXPORT_CONNECTIONS,
      connectionTimeoutMillis: 2_000,
      // Its statement and idle timeouts are set per export transaction (csv-stream.ts).
    });
    pool.on("error", (error) => log.warn(`[db] idle export connection lost: ${describeError(error)}`));
    globalForExports.exportPool = pool;
  }
  return globalForExports.exportPool;
}

/** Throws 429 when every export connection is streaming a download. */
export function claimExportSlot(): pg.Pool {
  const pool = getExportPool();
  if (pool.totalCount >= EXPORT_CONNECTIONS && pool.idleCount === 0) {
    throw new ApiError("rate_limited", "Two exports are already running. Try again when one of them has finished.");
  }
  return pool;
}
