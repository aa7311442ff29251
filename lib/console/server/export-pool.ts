import "server-only";
import pg from "pg";
import { getDatabaseUrl } from "@/lib/platform/server/config";
import { describeError } from "@/lib/platform/shared/describe-error";
import { ApiError } from "@/lib/platform/shared/api-error";
import { log } from "@/lib/platform/server/logger";

// A download holds its connection for minutes; on the shared pool a few would starve checkout and
// the Stripe webhook. Exports get their own two, and a third is refused rather than queued.

const EXPORT_CONNECTIONS = 2;
const globalForExports = globalThis as unknown as { exportPool?: pg.Pool };

export function getExportPool(): pg.Pool {
  if (!globalForExports.exportPool) {
    const pool = new pg.Pool({
      connectionString: getDatabaseUrl(),
      max: EXPORT_CONNECTIONS,
      connectionTimeoutMillis: 2_000,
      // Timeouts are set per export transaction (csv-stream.ts).
    });
    pool.on("error", (error) => log.warn(`[db] idle export connection lost: ${describeError(error)}`));
    globalForExports.exportPool = pool;
  }
  return globalForExports.exportPool;
}

export function claimExportSlot(): pg.Pool {
  const pool = getExportPool();
  if (pool.totalCount >= EXPORT_CONNECTIONS && pool.idleCount === 0) {
    throw new ApiError("rate_limited", "Two exports are already running. Try again when one of them has finished.");
  }
  return pool;
}
