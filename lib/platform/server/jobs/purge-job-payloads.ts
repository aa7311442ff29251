import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { DEAD_LETTER_QUEUE, JOB_SCHEMA } from "@/lib/platform/shared/queues";
import { DAY_MS } from "@/lib/shared/dates";

// A finished job's payload and error output (a provider's message may quote an address) serve
// nobody after JOB_RETENTION_DAYS. Dead letters sit in the created state, so they go by age.

export async function purgeJobPayloads(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - getConfig().JOB_RETENTION_DAYS * DAY_MS);
  const db = getDb();
  const archived = await db.$executeRawUnsafe(
    `DELETE FROM ${JOB_SCHEMA}.archive WHERE coalesce(completed_on, created_on) < $1`,
    cutoff,
  );
  const finished = await db.$executeRawUnsafe(
    `DELETE FROM ${JOB_SCHEMA}.job
      WHERE (state IN ('completed', 'failed', 'cancelled') AND coalesce(completed_on, created_on) < $1)
         OR (name = $2 AND created_on < $1)`,
    cutoff,
    DEAD_LETTER_QUEUE,
  );
  return archived + finished;
}
