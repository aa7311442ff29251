import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { isUuid } from "@/lib/shared/uuid";
import { toExperimentRecord, type ExperimentRecord } from "@/lib/experiments/server/experiment-record";

export type ExperimentListRow = ExperimentRecord & { visitors: number };

const ORDER = { running: 0, draft: 1, stopped: 2 } as const;

export async function listExperiments(): Promise<ExperimentListRow[]> {
  const db = getDb();
  const rows = await db.experiment.findMany({ orderBy: { createdAt: "desc" }, take: 200 });
  const counts = await db.experimentExposure.groupBy({
    by: ["experimentId"],
    where: { experimentId: { in: rows.map((row) => row.id) } },
    _count: { _all: true },
  });
  const visitors = new Map(counts.map((c) => [c.experimentId, c._count._all]));
  return rows
    .map((row) => ({ ...toExperimentRecord(row), visitors: visitors.get(row.id) ?? 0 }))
    .sort((a, b) => ORDER[a.status] - ORDER[b.status]);
}

export async function findExperiment(id: string): Promise<ExperimentRecord | null> {
  if (!isUuid(id)) return null;
  const row = await getDb().experiment.findUnique({ where: { id } });
  return row ? toExperimentRecord(row) : null;
}
