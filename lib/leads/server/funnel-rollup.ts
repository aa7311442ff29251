import "server-only";
import type pg from "pg";
import { FUNNEL_STEPS } from "@/lib/leads/shared/funnel-steps";
import { FREE_LANDING_PAGES, PAID_LANDING_PAGES } from "@/lib/leads/shared/landing";
import { countedLeadSql } from "@/lib/shared/excluded-rows";
import { getPool } from "@/lib/platform/server/db";
import { FUNNEL_DIMENSIONS, FUNNEL_MONEY, funnelFactsSql } from "./funnel-facts-sql";
import { staleRolledUpDays } from "./funnel-stale-days";
import { rangePieces, type RangePiece } from "@/lib/shared/range-pieces";
import type { ReportDb } from "@/lib/platform/server/report-db";
import { DAY_MS, isoDay, floorDay, ceilDay } from "@/lib/shared/dates";

// Counting a year of sessions live takes seconds; summing days takes milliseconds. Recent days are
// recounted each run, older ones when a fact of their sessions changed since (idempotent).

const COLUMNS = [...FUNNEL_DIMENSIONS, "sessions", ...FUNNEL_STEPS, ...FUNNEL_MONEY].join(", ");

export async function refreshFunnelDays(fromDay: string, toDay: string, pool: pg.Pool = getPool()): Promise<void> {
  await inTransaction(pool, (client) => recountDays(client, fromDay, toDay));
}

async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await work(client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

/** Deletes and recounts [fromDay, toDay) in the caller's transaction. */
async function recountDays(client: pg.ClientBase, fromDay: string, toDay: string): Promise<void> {
  await client.query("DELETE FROM funnel_daily_stats WHERE day >= $1::date AND day < $2::date", [fromDay, toDay]);
  await client.query(`INSERT INTO funnel_daily_stats (day, ${COLUMNS}) ${funnelFactsSql(true)}`, [
    new Date(`${fromDay}T00:00:00Z`),
    new Date(`${toDay}T00:00:00Z`),
    FREE_LANDING_PAGES,
    PAID_LANDING_PAGES,
  ]);
  // Counting a year of prospects live is the slowest part of the leads-per-day chart.
  await client.query(
    `INSERT INTO funnel_rollup_days (day, refreshed_at, leads)
     SELECT d::date, now(),
            (SELECT count(*)::int FROM prospects p
              WHERE p.created_at >= (d AT TIME ZONE 'UTC') AND p.created_at < ((d + interval '1 day') AT TIME ZONE 'UTC')
                AND ${countedLeadSql("p")})
       -- Timestamps without a zone, so "AT TIME ZONE 'UTC'" reads them as UTC midnights whatever
       -- the session's TimeZone (dates would become local-midnight timestamptz first).
       FROM generate_series($1::date::timestamp, $2::date::timestamp - interval '1 day', interval '1 day') d
     ON CONFLICT (day) DO UPDATE SET refreshed_at = excluded.refreshed_at, leads = excluded.leads`,
    [fromDay, toDay],
  );
}

export async function rollupPieces(from: Date, to: Date, db: ReportDb): Promise<RangePiece[]> {
  const firstDay = new Date(ceilDay(from.getTime()));
  const lastDay = new Date(floorDay(to.getTime()));
  const covered = firstDay < lastDay ? await coveredDays(isoDay(firstDay), isoDay(lastDay), db) : [];
  return rangePieces(from, to, new Set(covered.map((d) => d.getTime())));
}

export async function coveredDays(fromDay: string, toDay: string, db: ReportDb): Promise<Date[]> {
  const { rows } = await db.query<{ day: string }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM funnel_rollup_days WHERE day >= $1::date AND day < $2::date ORDER BY day",
    [fromDay, toDay],
  );
  return rows.map((r) => new Date(`${r.day}T00:00:00Z`));
}

export const rollupSumSql = `
  SELECT ${FUNNEL_DIMENSIONS.join(", ")}, sum(sessions)::int AS sessions,
         ${FUNNEL_STEPS.map((s) => `sum(${s})::int AS ${s}`).join(", ")},
         ${FUNNEL_MONEY.map((m) => `sum(${m})::${m === "off_path_paid" ? "int" : "bigint"} AS ${m}`).join(", ")}
    FROM funnel_daily_stats WHERE day >= $1::date AND day < $2::date
   GROUP BY ${FUNNEL_DIMENSIONS.join(", ")}`;

export const RECOUNT_DAYS = 7;
export const BACKFILL_DAYS = 31;

/**
 * Today is never covered: the report counts it live. One transaction, so every day it writes gets
 * the same refreshed_at, the point from which the next run looks for changed older days.
 */
export async function runFunnelRollup(
  now = new Date(),
  pool: pg.Pool = getPool(),
): Promise<{ recounted: number; stale: number; backfilled: number }> {
  const today = isoDay(now);
  const recountFrom = isoDay(new Date(Date.parse(`${today}T00:00:00Z`) - RECOUNT_DAYS * DAY_MS));
  let stale = 0;
  let backfilled = 0;
  await inTransaction(pool, async (client) => {
    const staleDays = await staleRolledUpDays(client, recountFrom);
    for (const day of staleDays) await recountDays(client, day, nextDay(day));
    await recountDays(client, recountFrom, today);
    const { rows } = await client.query<{ day: string }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day
         FROM generate_series((SELECT (min(started_at) AT TIME ZONE 'UTC')::date FROM funnel_sessions), $1::date - 1, interval '1 day') d
        WHERE NOT EXISTS (SELECT 1 FROM funnel_rollup_days r WHERE r.day = d::date)
        ORDER BY d LIMIT $2`,
      [recountFrom, BACKFILL_DAYS],
    );
    for (const { day } of rows) await recountDays(client, day, nextDay(day));
    stale = staleDays.length;
    backfilled = rows.length;
  });
  return { recounted: RECOUNT_DAYS, stale, backfilled };
}

const nextDay = (day: string) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
