import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { log } from "@/lib/platform/server/logger";
import { broadcastAudienceSql } from "@/lib/lifecycle/server/broadcast-audience-sql";
import { broadcastSegmentSchema } from "@/lib/lifecycle/shared/broadcast-input";

// When a scheduled broadcast falls due, its audience is taken by INSERT … SELECT (the preview's
// query) and it starts SENDING, in one transaction with its row locked: a second worker skips it.
// The SELECT goes in slices of leads by id, each statement well inside the pool's query timeout.

const SLICE = 5_000;

/** Starts the next due scheduled broadcast; answers its id and audience, or null when none is due. */
export async function queueNextDueBroadcast(now: Date): Promise<{ id: string; audience: number } | null> {
  return getDb().$transaction(
    async (tx) => {
      const [due] = await tx.$queryRawUnsafe<{ id: string; segment: unknown }[]>(
        `SELECT id, segment FROM broadcasts
          WHERE status = 'SCHEDULED' AND scheduled_at <= $1::timestamptz
          ORDER BY scheduled_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        now.toISOString(),
      );
      if (!due) return null;
      const segment = broadcastSegmentSchema.safeParse(due.segment);
      if (!segment.success) {
        // Saved through the same schema, so only a hand edit gets here: it sends nothing.
        log.error(`[broadcast] ${due.id} has an invalid segment and was cancelled`);
        await tx.broadcast.update({ where: { id: due.id }, data: { status: "CANCELLED", finishedAt: now } });
        return { id: due.id, audience: 0 };
      }
      let audience = 0;
      let after = "00000000-0000-0000-0000-000000000000";
      for (;;) {
        const { sql, params } = broadcastAudienceSql(segment.data, [due.id, after, SLICE]);
        const [slice] = await tx.$queryRawUnsafe<{ count: bigint; last: string | null }[]>(
          `WITH added AS (
             INSERT INTO broadcast_recipients (broadcast_id, prospect_id)
             SELECT $1::uuid, audience.id FROM (${sql}) audience
              WHERE audience.id > $2::uuid ORDER BY audience.id LIMIT $3
             ON CONFLICT DO NOTHING RETURNING prospect_id)
           SELECT count(*) AS count, (SELECT prospect_id::text FROM added ORDER BY prospect_id DESC LIMIT 1) AS last
             FROM added`,
          ...params,
        );
        audience += Number(slice?.count ?? 0);
        if (!slice?.last || Number(slice.count) < SLICE) break;
        after = slice.last;
      }
      await tx.broadcast.update({
        where: { id: due.id },
        data: { status: "SENDING", audienceCount: audience, startedAt: now },
      });
      return { id: due.id, audience };
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}
