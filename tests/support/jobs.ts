import { ALL_HANDLERS } from "@/lib/worker/server/all-handlers";
import { getBoss } from "@/lib/platform/server/jobs/boss";
import type { QueueName } from "@/lib/platform/shared/queues";

// Integration tests run no worker process: this runs what is queued now, once, the way a worker
// would (fetch, handler, complete or fail), and says how many jobs it ran.
export async function workOff(queue: QueueName): Promise<number> {
  const boss = getBoss();
  const handler = ALL_HANDLERS[queue];
  if (!handler) throw new Error(`no handler for ${queue}`);
  let ran = 0;
  for (;;) {
    const jobs = await boss.fetch<object>(queue, { batchSize: 50, includeMetadata: true });
    if (!jobs.length) return ran;
    for (const job of jobs) {
      ran += 1;
      try {
        await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
        await boss.complete(queue, job.id);
      } catch (error) {
        await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}
