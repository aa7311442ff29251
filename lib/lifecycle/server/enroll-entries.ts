import "server-only";
import { getDb } from "@/lib/platform/server/db";
import type { SequenceEntryEvent } from "@/lib/generated/prisma/client";

// Lower layers never call lifecycle: the sweep reads what they wrote since each sequence's
// watermark. It rereads an hour before it, so a transaction that committed late is still seen; the
// unique (sequence, lead) makes the overlap harmless and lets a lead enter a sequence only once.

const OVERLAP = "1 hour";

/** Each entry event as (prospect_id, at), the time the lead did it. */
const ENTRY_EVENTS: Record<SequenceEntryEvent, string> = {
  OPT_IN: `SELECT p.id AS prospect_id, p.created_at AS at FROM prospects p WHERE p.excluded_as IS NULL`,
  PURCHASE: `SELECT o.prospect_id, COALESCE(o.fulfilled_at, o.updated_at) AS at FROM orders o
              WHERE o.status = 'SUCCEEDED' AND o.prospect_id IS NOT NULL AND o.excluded_as IS NULL`,
  BOOKED_CALL: `SELECT c.prospect_id, c.created_at AS at FROM scheduled_calls c WHERE c.prospect_id IS NOT NULL`,
  SUBSCRIPTION_CANCELLED: `SELECT o.prospect_id, s.ended_at AS at FROM subscriptions s JOIN orders o ON o.id = s.order_id
                            WHERE s.ended_at IS NOT NULL AND o.prospect_id IS NOT NULL AND o.excluded_as IS NULL`,
};

function enrollSql(event: SequenceEntryEvent): string {
  return `
    WITH events AS (
      SELECT DISTINCT ON (e.prospect_id) e.prospect_id, e.at
        FROM (${ENTRY_EVENTS[event]}) e
       WHERE e.at > $2::timestamptz - interval '${OVERLAP}'
       ORDER BY e.prospect_id, e.at),
    enrolled AS (
      INSERT INTO sequence_enrollments (id, sequence_id, prospect_id, entered_at, updated_at)
      SELECT gen_random_uuid(), $1::uuid, prospect_id, at, now() FROM events
      ON CONFLICT (sequence_id, prospect_id) DO NOTHING
      RETURNING 1)
    SELECT (SELECT count(*) FROM enrolled)::int AS enrolled, (SELECT max(at) FROM events) AS latest`;
}

/** Enrolls every active sequence's new entries; answers how many enrollments it made. */
export async function enrollEntries(): Promise<number> {
  const db = getDb();
  const sequences = await db.sequence.findMany({
    select: { id: true, entryEvent: true, watermark: true, active: true },
  });
  let total = 0;
  for (const sequence of sequences) {
    if (!sequence.active) {
      // A paused sequence takes no one in; when it resumes it starts from then.
      await db.sequence.update({ where: { id: sequence.id }, data: { watermark: new Date() } });
      continue;
    }
    const [row] = await db.$queryRawUnsafe<{ enrolled: number; latest: Date | null }[]>(
      enrollSql(sequence.entryEvent),
      sequence.id,
      sequence.watermark.toISOString(),
    );
    total += row?.enrolled ?? 0;
    if (row?.latest && row.latest > sequence.watermark) {
      await db.$executeRaw`UPDATE sequences SET watermark = GREATEST(watermark, ${row.latest}::timestamptz) WHERE id = ${sequence.id}::uuid`;
    }
  }
  return total;
}
