// One fresh, throw-away PostgreSQL per integration run, isolated from the developer's .data/. It
// holds one migrated template database; setup-env.ts clones it for every test file.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import exitHook from "async-exit-hook";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { TEST_DATA } from "../support/test-data";
import "../support/db";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * prepareDatabase in a process of its own: Prisma's schema engine keeps an idle connection to the
 * database it migrated, and CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
 */
async function migrateInChild(url: string): Promise<void> {
  const script = `const { prepareDatabase } = await import("./scripts/lib/database.ts");
await prepareDatabase(process.argv[1]);
process.exit(0);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script, url], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`migrating the template database failed (exit ${code})`);
}

// embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls process.exit(0):
// in Vitest's main process that replaced the exit code 1 of a failed run, so a failing integration
// run exited 0 and only npm test's closing summary caught it. The teardown below stops the server
// itself; signals keep their hooks. (`exit` goes too: there the hook runs without its callback.)
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const baseDir = mkdtempSync(path.join(TEST_DATA, "integration-"));
  chmodSync(baseDir, 0o755);
  const server = await startEmbeddedPostgres({ baseDir, ephemeral: true, log: () => undefined });
  const template = new URL(server.url).pathname.slice(1);
  await migrateInChild(server.url);
  // CREATE DATABASE … TEMPLATE fails while anyone is connected to the template: nobody may.
  const admin = new pg.Client({ connectionString: server.url.replace(`/${template}`, "/postgres") });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  await admin.end();
  project.provide("databaseServerUrl", server.url);
  project.provide("templateDatabase", template);
  return async () => {
    await server.stop();
    rmSync(baseDir, { recursive: true, force: true });
  };
}
