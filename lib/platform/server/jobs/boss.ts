import "server-only";
import PgBoss from "pg-boss";
import { getPool } from "@/lib/platform/server/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { JOB_SCHEMA, type QueueName } from "@/lib/platform/shared/queues";

// The web process only sends, which needs no start(), so nothing runs in its background.

const globalForBoss = globalThis as unknown as { funnelBoss?: PgBoss };

export function poolExecutor(): PgBoss.Db {
  return { executeSql: (text, values) => getPool().query(text, values) };
}

export function getBoss(): PgBoss {
  globalForBoss.funnelBoss ??= new PgBoss({ db: poolExecutor(), schema: JOB_SCHEMA });
  return globalForBoss.funnelBoss;
}

type RawRunner = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

/** So a job exists exactly when its cause commits. */
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
  // Prisma's raw API wants text for a ::jsonb parameter.
  if (value !== null && typeof value === "object" && !(value instanceof Date) && !Array.isArray(value))
    return JSON.stringify(value);
  return value;
}

export type JobOptions = Omit<PgBoss.SendOptions, "db">;

export async function sendJob(
  queue: QueueName,
  data: object,
  options: JobOptions = {},
  tx?: RawRunner,
): Promise<string | null> {
  return getBoss().send(queue, data, tx ? { ...options, db: transactionExecutor(tx) } : options);
}
