import "server-only";
import PgBoss from "pg-boss";
import { withBackoff } from "@/lib/platform/server/jobs/backoff-executor";
import { poolExecutor } from "@/lib/platform/server/jobs/boss";
import type { HandlerMap } from "@/lib/platform/server/jobs/handlers";
import { JOB_SCHEMA, QUEUES, type QueueName } from "@/lib/platform/shared/queues";
import { describeError } from "@/lib/platform/shared/describe-error";
import { log as logger } from "@/lib/platform/server/logger";

// SKIP LOCKED fetches: any number of workers never run one job twice at a time.

export type RunningWorkers = { stop: (timeoutMs?: number) => Promise<void> };

type WorkerOptions = {
  handlers: HandlerMap;
  batchSize?: Partial<Record<QueueName, number>>;
  pollingIntervalSeconds?: number;
  log?: (line: string) => void;
};

// Below the pool's 10 connections: more handlers than connections would queue past its 2 s limit.
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
    // At most one line every 30 s, so an outage does not flood the log.
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
        // A failing job does not fail the rest of the batch.
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
        // pg-boss waits a polling interval even after a full batch; with a backlog, fetch at once.
        if (jobs.length === size && self.workerId) boss.notifyWorker(self.workerId);
      },
    );
  }
  log(`workers running: ${Object.keys(options.handlers).join(", ")}`);
  return {
    stop: (timeoutMs = 20_000) => boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs }),
  };
}
