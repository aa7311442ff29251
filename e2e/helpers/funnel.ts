import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import pg from "pg";

// Shared e2e helpers: a registered visitor in the page's own cookie jar, the funnel events a page
// sends, and access to the test server's embedded PostgreSQL (the data dir Playwright's webServer
// uses for this port: its password file and the port in its postmaster.pid, line 4).

const PORT = Number(process.env.E2E_PORT ?? 3100);
const ROOT = path.resolve(import.meta.dirname, "../..");

export type TestVisitor = { contactId: string; name: string; email: string };

/** Registers through POST /api/register with the page's cookies and seeds the same funnel session in local storage. */
export async function registerVisitor(page: Page, name = "Ada Lovelace", emailAddress?: string): Promise<TestVisitor> {
  const contactId = randomUUID();
  const email = emailAddress ?? `e2e-${contactId}@example.com`;
  await page.addInitScript((id) => {
    if (localStorage.getItem("ff_funnel_session_id") !== id) {
      localStorage.setItem("ff_funnel_session_id", id);
      localStorage.setItem("contactId", id);
    }
    localStorage.setItem("ff_funnel_session_ts", String(Date.now()));
  }, contactId);
  const response = await page.request.post("/api/register", {
    data: { contactId, name, email, utm_source: "e2e", utm_campaign: "offers" },
  });
  expect(response.status()).toBe(200);
  return { contactId, name, email };
}

export type TrackedAction = { step: number; action: string; sessionId: string; data: Record<string, unknown> };

/** The funnel events the page sends to /api/track-action, in order; answered here, not stored. */
export async function recordTrackedActions(page: Page): Promise<TrackedAction[]> {
  const actions: TrackedAction[] = [];
  await page.route("**/api/track-action", async (route) => {
    actions.push(route.request().postDataJSON() as TrackedAction);
    await route.fulfill({ status: 200, contentType: "application/json", body: '{"success":true}' });
  });
  return actions;
}

/** The embedded database of the test server on `serverPort` (data dir .test-data/e2e-<serverPort>). */
export function databaseUrl(serverPort: number): string {
  const dataDir = path.resolve(`.test-data/e2e-${serverPort}`);
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  const pid = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
  const port = Number(pid[3]);
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/funnel`;
}

/**
 * Runs a TypeScript entry point of the repository as the test server on `serverPort` would: its
 * database, its session secret and its address. Answers what the script printed. `asWorker`: loaded
 * as the server's worker is, outside react-server, whose React cannot render e-mails.
 */
export function runAsServer(
  serverPort: number,
  script: string,
  args: string[],
  options: { asWorker?: boolean } = {},
): string {
  const dataDir = path.join(ROOT, `.test-data/e2e-${serverPort}`);
  const loader = options.asWorker
    ? ["--import", path.join(ROOT, "scripts/lib/server-only-register.mjs")]
    : ["--conditions=react-server"];
  return execFileSync(process.execPath, [...loader, "--import", "tsx", path.join(ROOT, script), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(serverPort),
      SESSION_SECRET: readFileSync(path.join(dataDir, "session-secret"), "utf8").trim(),
      SITE_URL: `http://localhost:${serverPort}`,
    },
  });
}

export function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  return queryOn<T>(PORT, sql, params);
}

/** query() against another of playwright.config.ts's servers (ports in e2e/ports.ts). */
export async function queryOn<T extends pg.QueryResultRow>(
  port: number,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(port) });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export type EventRow = { step: number; action: string; data: Record<string, unknown> };

/** The funnel events the server stored for a session, in step order. */
export function eventsFor(sessionId: string): Promise<EventRow[]> {
  return query<EventRow>(
    "SELECT step, action, data FROM funnel_events WHERE session_id = $1 ORDER BY step, received_at",
    [sessionId],
  );
}
