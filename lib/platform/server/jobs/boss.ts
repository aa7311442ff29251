import "server-only";
import PgBoss from "pg-boss";
import { getPool } from "@/lib/platform/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { JOB_SCHEMA, type QueueName } from "@/lib/platform/shared/queues";

// One pg-boss per process, over the funnel's own connection pool, in the funnel's database
// (schema "pgboss"). The web process only sends; workers (worker.ts) also start it. Sending needs
// no start(): pg-boss then runs nothing in the background of a web process.

const globalForBoss = globalThis as unknown as { funnelBoss?: PgBoss };

export function poolExecutor(): PgBoss.Db {
  return { executeSql: (text, values) => getPool().query(text, values) };
}

export function getBoss(): PgBoss {
  globalForBoss.funnelBoss ??= new PgBoss({ db: poolExecutor(), schema: JOB_SCHEMA });
  return globalForBoss.funnelBoss;
}

type RawRunner = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

/** pg-boss statements inside a Prisma transaction, so a job exists exactly when its cause commits. */
export function transactionExecutor(tx: RawRunner): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values.map(toSqlValue));
      return { rows };
    },
  };
}

function toSqlValue(value: unknown): unknown {
  if (value === undefined) return null;
  // pg-boss passes job data as an object for a ::jsonb parameter; Prisma's raw API wants text.
  if (value !== null && typeof value === "object" && !(value instanceof Date) && !Array.isArray(value))
    return JSON.stringify(value);
  return value;
}

export type JobOptions = Omit<PgBoss.SendOptions, "db">;

/** Queues one job, inside `tx` when given (it commits or rolls back with the caller's writes). */
export async function sendJob(
  queue: QueueName,
  data: object,
  options: JobOptions = {},
  tx?: RawRunner,
): Promise<string | null> {
  return getBoss().send(queue, data, tx ? { ...options, db: transactionExecutor(tx) } : options);
}
