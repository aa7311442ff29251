import "server-only";
import { getDb } from "@/lib/platform/server/db";

// A browser's one exposure to an experiment (issue 13 §2): inserted at render with ON CONFLICT DO
// NOTHING, and the variant stored first is the one served from then on, even if the weights (and so
// the hash's verdict) changed since. Concurrent renders of one browser insert one row.

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
  // A concurrent render inserted the row after this statement's snapshot: read it now.
  const row = await db.experimentExposure.findUnique({
    where: { experimentId_browserId: { experimentId, browserId } },
    select: { variant: true },
  });
  return row?.variant ?? assigned;
}
