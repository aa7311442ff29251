import "server-only";
import { getDb } from "@/lib/platform/server/db";

export type Health = { status: "ok" | "degraded"; db: "ok" | "down" };

const DB_TIMEOUT_MS = 2_000;

/** A hung connection must not hang the health check. */
export async function checkHealth(): Promise<Health> {
  try {
    await Promise.race([
      getDb().$queryRaw`SELECT 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), DB_TIMEOUT_MS).unref()),
    ]);
    return { status: "ok", db: "ok" };
  } catch {
    return { status: "degraded", db: "down" };
  }
}
