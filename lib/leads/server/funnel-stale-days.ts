import "server-only";
import type pg from "pg";
import { stepOf } from "@/lib/leads/shared/event-catalog";
import { MINUTE_MS } from "@/lib/shared/dates";

// A rolled-up day goes stale when a fact of one of its sessions changes later: a payment, refund,
// opt-in, survey, offer view or checkout click weeks after the session started, or a lead or order
// flagged as test or spam (the flag's write moves updated_at).

/** Covers writes still in flight (and app-to-database clock skew) when the last run took its snapshot. */
export const STALE_SLACK_MS = 10 * MINUTE_MS;

const LATE_EVENTS = ["page_load", "checkout_click"] as const;

/** Covered days before `beforeDay` with a session whose facts changed since the last run (the newest
 * `refreshed_at`); each source is read by an index on its timestamp, so only the last run's changes. */
export async function staleRolledUpDays(client: pg.ClientBase, beforeDay: string): Promise<string[]> {
  const last = await client.query<{ at: Date | null }>("SELECT max(refreshed_at) AS at FROM funnel_rollup_days");
  const lastRun = last.rows[0]?.at;
  if (!lastRun) return [];
  // A literal time, not a subquery: the planner then sees how few rows changed and uses the indexes.
  const { rows } = await client.query<{ day: string }>(
    `WITH touched AS (
       SELECT o.contact_id AS session_id FROM orders o WHERE o.updated_at > $2
       UNION
       SELECT o.contact_id FROM refunds f JOIN orders o ON o.id = f.order_id WHERE f.created_at > $2
       UNION
       SELECT r.session_id FROM survey_responses r WHERE r.created_at > $2
       UNION
       SELECT s.id FROM prospects p JOIN funnel_sessions s ON s.prospect_id = p.id WHERE p.updated_at > $2
       UNION
       SELECT s.id FROM funnel_sessions s WHERE s.last_seen_at > $2
       UNION
       SELECT e.session_id FROM funnel_events e
        WHERE e.step = ANY($3::int[]) AND e.action = ANY($4::text[]) AND e.received_at > $2
     ), days AS (
       SELECT (s.started_at AT TIME ZONE 'UTC')::date AS day FROM touched t JOIN funnel_sessions s ON s.id = t.session_id
       UNION
       -- a day's lead count: a lead flagged or unflagged since counts on the day it was created
       SELECT (p.created_at AT TIME ZONE 'UTC')::date FROM prospects p WHERE p.updated_at > $2
     )
     SELECT DISTINCT to_char(r.day, 'YYYY-MM-DD') AS day
       FROM days d
       JOIN funnel_rollup_days r ON r.day = d.day
      WHERE r.day < $1::date
      ORDER BY day`,
    [beforeDay, new Date(lastRun.getTime() - STALE_SLACK_MS), LATE_EVENTS.map(stepOf), LATE_EVENTS],
  );
  return rows.map((r) => r.day);
}
