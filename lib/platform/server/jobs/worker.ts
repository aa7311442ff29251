import "server-only";
import PgBoss from "pg-boss";
import { withBackoff } from "@/lib/platform/server/jobs/backoff-executor";
import { poolExecutor } from "@/lib/platform/server/jobs/boss";
import type { HandlerMap } from "@/lib/platform/server/jobs/handlers";
import { JOB_SCHEMA, QUEUES, type QueueName } from "@/lib/platform/shared/queues";
import { describeError } from "@/lib/platform/shared/describe-error";
import { log as logger } from "@/lib/platform/server/logger";

// Runs the funnel's job handlers (inside npm start, or alone as npm run worker). pg-boss fetches
// with SELECT … FOR UPDATE SKIP LOCKED, so any number of workers on any number of machines never
// run one job twice at a time; cron schedules are sent once per slot across all of them.

export type RunningWorkers = { stop: (timeoutMs?: number) => Promise<void> };

type WorkerOptions = {
  handlers: HandlerMap;
  /** Jobs fetched per poll and run side by side; e-mail benefits, the scans take one. */
  batchSize?: Partial<Record<QueueName, number>>;
  pollingIntervalSeconds?: number;
  log?: (line: string) => void;
};

// Below the pool's 10 connections (lib/platform/server/db.ts): a batch's handlers run side by
// side, and more of them than connections would queue for one past the pool's 2 s limit.
const DEFAULT_BATCH: Partial<Record<QueueName, number>> = { [QUEUES.email]: 8, [QUEUES.webhook]: 5 };

export async function startWorkers(options: WorkerOptions): Promise<RunningWorkers> {
  const log = options.log ?? ((line: string) => logger.info(`[jobs] ${line}`));
  const executor = withBackoff(poolExecutor(), {
    onDown: (error) => log(`database unreachable (${describeError(error)}); polling with back-off up to 30 s`),
    onUp: (failures) => log(`database reachable again after ${failures} failed statements; resuming`),
  });
  const boss = new PgBoss({ db: executor, schema: JOB_SCHEMA, migrate: false, supervise: true, schedule: true });
  let lastLogged = 0;
  boss.on("error", (error) => {
    // Maintenance and cron errors; one line every 30 s at most, so an outage does not flood the log.
    if (Date.now() - lastLogged < 30_000) return;
    lastLogged = Date.now();
    log(`queue error (workers keep polling): ${describeError(error)}`);
  });
  await boss.start();
  const batchSize = { ...DEFAULT_BATCH, ...options.batchSize };
  for (const [queue, handler] of Object.entries(options.handlers) as [
    QueueName,
    NonNullable<HandlerMap[QueueName]>,
  ][]) {
    const size = batchSize[queue] ?? 1;
    const self: { workerId?: string } = {};
    self.workerId = await boss.work<object>(
      queue,
      { batchSize: size, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
      async (jobs) => {
        // Each job settles on its own: a failing one is marked failed (pg-boss retries it or moves
        // it to the dead letter) and the rest of the batch completes.
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
            } catch (error) {
              log(
                `${queue} job ${job.id} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}): ${describeError(error)}`,
              );
              await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }),
        );
        // pg-boss waits a polling interval between fetches even after a full batch; with a
        // backlog, fetch the next batch at once instead.
        if (jobs.length === size && self.workerId) boss.notifyWorker(self.workerId);
      },
    );
  }
  log(`workers running: ${Object.keys(options.handlers).join(", ")}`);
  return {
    // Graceful: no new fetches, running jobs finish (up to the timeout), then pg-boss lets go.
    stop: (timeoutMs = 20_000) => boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs }),
  };
}
