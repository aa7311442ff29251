import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

// Read-only look into the database of the server Playwright started (playwright.config.ts runs
// scripts/start.ts with FUNNEL_DATA_DIR=.test-data/e2e-<port>): the embedded server's password
// file and the port from its postmaster.pid (line 4). Nothing new is exposed by the app.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.resolve(import.meta.dirname, "../..", `.test-data/e2e-${PORT}`);

export function connectionString(): string {
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]
    ?.trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/funnel`;
}

export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: connectionString() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export type EventRow = { step: number; action: string; data: Record<string, unknown> };

export function eventsFor(sessionId: string): Promise<EventRow[]> {
  return query<EventRow>(
    "SELECT step, action, data FROM funnel_events WHERE session_id = $1 ORDER BY step, received_at",
    [sessionId],
  );
}
