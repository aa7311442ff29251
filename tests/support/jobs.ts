import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
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

export type JobRow = {
  name: string;
  state: "created" | "completed" | "failed";
  ageDays: number;
  data?: object;
  output?: object;
};

/** A queue row as pg-boss leaves it, written directly so a test can date it and fill its output. */
export async function insertJob(row: JobRow): Promise<string> {
  const id = randomUUID();
  const at = new Date(Date.now() - row.ageDays * 24 * 60 * 60 * 1000);
  await getDb().$executeRawUnsafe(
    `INSERT INTO pgboss.job (id, name, data, state, created_on, completed_on, output)
     VALUES ($1::uuid, $2, $3::jsonb, $4::pgboss.job_state, $5, $6, $7::jsonb)`,
    id,
    row.name,
    JSON.stringify(row.data ?? {}),
    row.state,
    at,
    row.state === "created" ? null : at,
    row.output === undefined ? null : JSON.stringify(row.output),
  );
  return id;
}

/** Moves a job to pgboss.archive, as pg-boss's maintenance does. */
export async function archiveJob(id: string): Promise<void> {
  await getDb().$executeRawUnsafe(
    `WITH moved AS (DELETE FROM pgboss.job WHERE id = $1::uuid RETURNING *)
     INSERT INTO pgboss.archive SELECT *, now() FROM moved`,
    id,
  );
}
