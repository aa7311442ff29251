// One fresh, throw-away PostgreSQL per integration run, isolated from the developer's .data/.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import exitHook from "async-exit-hook";
import { TEST_DATA } from "./test-data";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";
import { prepareDatabase } from "../../scripts/lib/database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
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
  await prepareDatabase(server.url);
  project.provide("databaseUrl", server.url);
  return async () => {
    await server.stop();
    rmSync(baseDir, { recursive: true, force: true });
  };
}
