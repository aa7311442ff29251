import "server-only";
import type pg from "pg";
import { ApiError } from "@/lib/platform/shared/api-error";
import { openAppPool } from "@/lib/platform/server/db";

// A download holds its connection for minutes; on the shared pool a few would starve checkout and
// the Stripe webhook. Exports get their own two, and a third is refused rather than queued.

const EXPORT_CONNECTIONS = 2;
const globalForExports = globalThis as unknown as { exportPool?: pg.Pool };

export function getExportPool(): pg.Pool {
  if (!globalForExports.exportPool) {
    // Timeouts are set per export transaction (csv-stream.ts).
    globalForExports.exportPool = openAppPool(EXPORT_CONNECTIONS, "export connection");
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
