import "server-only";
import { getDb } from "@/lib/platform/server/db";

// The first stored variant is served from then on, even if the weights changed since.

export async function recordExposure(experimentId: string, browserId: string, assigned: string): Promise<string> {
  const db = getDb();
  const rows = await db.$queryRaw<{ variant: string }[]>`
    WITH inserted AS (
      INSERT INTO experiment_exposures (experiment_id, browser_id, variant)
      VALUES (${experimentId}::uuid, ${browserId}, ${assigned})
      ON CONFLICT (experiment_id, browser_id) DO NOTHING
      RETURNING variant)
    SELECT variant FROM inserted
    UNION ALL
    SELECT variant FROM experiment_exposures WHERE experiment_id = ${experimentId}::uuid AND browser_id = ${browserId}
    LIMIT 1`;
  if (rows[0]) return rows[0].variant;
  // A concurrent render inserted the row after this statement's snapshot.
  const row = await db.experimentExposure.findUnique({
    where: { experimentId_browserId: { experimentId, browserId } },
    select: { variant: true },
  });
  return row?.variant ?? assigned;
}
