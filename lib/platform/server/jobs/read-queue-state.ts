import "server-only";
import { getPool } from "@/lib/platform/server/db";
import { JOB_SCHEMA, QUEUES, type QueueName } from "@/lib/platform/shared/queues";

/** The job queue as one read saw it; ages are meant against the database's clock (`now`). */
export type QueueReading = {
  now: Date;
  /** The latest cron or maintenance heartbeat any worker's pg-boss wrote. */
  workerSeenAt: Date | null;
  /** Jobs of the app's queues whose start time has come but that no worker has taken. */
  dueJobs: number;
  oldestDueAt: Date | null;
  sweepCompletedAt: Date | null;
  /** When the sweep's schedule was last written (each queue set-up); null when not scheduled. */
  sweepScheduledAt: Date | null;
};

type Row = {
  now: Date;
  worker_seen_at: Date | null;
  due_jobs: number;
  oldest_due_at: Date | null;
  sweep_completed_at: Date | null;
  sweep_scheduled_at: Date | null;
};

// One statement. Completed jobs move to the archive after hours; that unindexed table is read only
// when the job table has no completion (COALESCE stops at the first value).
const SQL = `
  SELECT now() AS now,
    (SELECT GREATEST(cron_on, maintained_on) FROM ${JOB_SCHEMA}.version LIMIT 1) AS worker_seen_at,
    (SELECT count(*)::int FROM ${JOB_SCHEMA}.job
      WHERE name = ANY($1) AND state IN ('created', 'retry') AND start_after <= now()) AS due_jobs,
    (SELECT min(start_after) FROM ${JOB_SCHEMA}.job
      WHERE name = ANY($1) AND state IN ('created', 'retry') AND start_after <= now()) AS oldest_due_at,
    COALESCE(
      (SELECT max(completed_on) FROM ${JOB_SCHEMA}.job WHERE name = $2 AND state = 'completed'),
      (SELECT max(completed_on) FROM ${JOB_SCHEMA}.archive WHERE name = $2 AND state = 'completed')
    ) AS sweep_completed_at,
    (SELECT updated_on FROM ${JOB_SCHEMA}.schedule WHERE name = $2) AS sweep_scheduled_at`;

/** `sweep`: the scheduled queue whose last completion is reported. */
export async function readQueueState(sweep: QueueName = QUEUES.reconcile): Promise<QueueReading> {
  const { rows } = await getPool().query<Row>(SQL, [Object.values(QUEUES), sweep]);
  const row = rows[0]!;
  return {
    now: row.now,
    workerSeenAt: row.worker_seen_at,
    dueJobs: row.due_jobs,
    oldestDueAt: row.oldest_due_at,
    sweepCompletedAt: row.sweep_completed_at,
    sweepScheduledAt: row.sweep_scheduled_at,
  };
}
