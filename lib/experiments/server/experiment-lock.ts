import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { toExperimentRecord, type ExperimentRecord } from "@/lib/experiments/server/experiment-record";

// Two clicks on one experiment take turns; the second sees the status the first left.

export async function lockExperiment(tx: Prisma.TransactionClient, id: string): Promise<ExperimentRecord | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM experiments WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return toExperimentRecord(await tx.experiment.findUniqueOrThrow({ where: { id } }));
}
