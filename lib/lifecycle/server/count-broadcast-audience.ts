import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { broadcastAudienceSql } from "@/lib/lifecycle/server/broadcast-audience-sql";
import type { BroadcastSegment } from "@/lib/lifecycle/shared/broadcast-input";

// The console's preview: how many leads the segment would reach now, by the queue's own query.

export async function countBroadcastAudience(segment: BroadcastSegment): Promise<number> {
  const { sql, params } = broadcastAudienceSql(segment);
  const [row] = await getDb().$queryRawUnsafe<{ count: bigint }[]>(
    `SELECT count(*) AS count FROM (${sql}) audience`,
    ...params,
  );
  return Number(row?.count ?? 0);
}
