// npm run worker: background jobs without the web server, for more workers. Needs DATABASE_URL
// (the embedded database belongs to npm start). SIGTERM drains running jobs, then exits.
import nextEnv from "@next/env";
import exitHook from "async-exit-hook";
import { prepareDatabase } from "../lib/database";
import { loadConfigOrExit } from "../lib/load-config";
import { ROOT } from "../lib/migrations";

nextEnv.loadEnvConfig(ROOT, false, { info: () => undefined, error: console.error });
const config = loadConfigOrExit();
const log = (line: string) => console.log(`[worker] ${line}`);

if (!config.DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL (npm start already runs workers beside the embedded database).");
  process.exit(1);
}
// Alone it migrates first; advisory locks keep machines starting together from racing.
if (!process.argv.includes("--prepared")) await prepareDatabase(config.DIRECT_DATABASE_URL ?? config.DATABASE_URL);

const { startWorkers } = await import("../../lib/platform/server/jobs/worker");
const { ALL_HANDLERS } = await import("../../lib/worker/server/all-handlers");
const { closeDb } = await import("../../lib/platform/server/db");
const { describeError } = await import("../../lib/platform/shared/describe-error");
const workers = await startWorkers({ handlers: ALL_HANDLERS, log });
// pg-boss 10 does not await marking a batch; a rejection with the database gone would end the
// process. The job expires and is retried, so log and keep working.
process.on("unhandledRejection", (reason) =>
  log(`unsettled job update (retried after expiry): ${describeError(reason)}`),
);

// Allow the drain time and a margin for the pool.
exitHook.forceExitTimeout((config.WORKER_DRAIN_SECONDS + 10) * 1000);
exitHook((done: () => void) => {
  log("stopping: no new jobs; running ones may finish…");
  void (async () => {
    await workers.stop(config.WORKER_DRAIN_SECONDS * 1000);
    await closeDb();
    log("stopped");
  })().finally(done);
});
