import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { TEST_DATA } from "@/tests/support/test-data";
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { startEmbeddedPostgres, type RunningPostgres } from "../../../scripts/lib/embedded-postgres";

// The local default database's lifecycle: first start initialises, a second start reuses the
// data, and neither a stale postmaster.pid nor a server orphaned by a crashed run blocks a start.

const baseDir = mkdtempSync(path.join(TEST_DATA, "embedded-"));
chmodSync(baseDir, 0o755);
const pidFile = path.join(baseDir, "postgres", "postmaster.pid");
const quiet = () => undefined;
const started: RunningPostgres[] = [];

afterAll(async () => {
  for (const server of started) await server.stop();
  rmSync(baseDir, { recursive: true, force: true });
});

async function start(): Promise<RunningPostgres> {
  const server = await startEmbeddedPostgres({ baseDir, ephemeral: true, log: quiet });
  started.push(server);
  return server;
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

function postmasterPid(): number {
  return Number(readFileSync(pidFile, "utf8").split("\n")[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("embedded PostgreSQL", () => {
  it("initialises once, stops cleanly and reuses its data on the next start", async () => {
    const first = await start();
    await query(first.url, "CREATE TABLE kept (value text); INSERT INTO kept VALUES ('still here')");
    const pid = postmasterPid();
    await first.stop();
    expect(alive(pid)).toBe(false);
    expect(existsSync(pidFile)).toBe(false);

    const second = await start();
    expect(await query(second.url, "SELECT value FROM kept")).toEqual([{ value: "still here" }]);
    await second.stop();
  });

  it("replaces a server orphaned by a crashed run instead of failing", async () => {
    await start(); // never stopped: stands for a run that died with its database still up
    const orphan = postmasterPid();
    const next = await start();
    expect(alive(orphan)).toBe(false);
    expect(postmasterPid()).not.toBe(orphan);
    expect(await query(next.url, "SELECT value FROM kept")).toEqual([{ value: "still here" }]);
    await next.stop();
  });

  it("ignores a stale postmaster.pid whose process is gone", async () => {
    const server = await start();
    const pid = postmasterPid();
    process.kill(pid, "SIGKILL");
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(pidFile)).toBe(true);
    const next = await start();
    expect(await query(next.url, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
    await next.stop();
    await server.stop();
  });
});
