import "server-only";

import type { ReportRange } from "@/lib/shared/report-range";
import { countedLeadSql } from "@/lib/shared/excluded-rows";
import { rollupPieces } from "@/lib/leads/server/funnel-rollup";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import { DAY_MS, isoDay, floorDay } from "@/lib/shared/dates";

// Every day listed (0 when none), so a chart's axis has no gaps. Rolled-up days come from the
// rollup, the rest is counted live (range-pieces.ts).

export type LeadsDay = { day: string; leads: number };
export type LeadsPerDayReport = { from: Date; to: Date; total: number; days: LeadsDay[] };

const LIVE_SQL = `
  SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*)::int AS leads
    FROM prospects p
   WHERE created_at >= $1 AND created_at < $2 AND ${countedLeadSql("p")}
   GROUP BY 1`;

const ROLLUP_SQL = `
  SELECT to_char(day, 'YYYY-MM-DD') AS day, leads
    FROM funnel_rollup_days
   WHERE day >= $1::date AND day < $2::date`;

export async function leadsPerDayReport(
  input: ReportRange,
  db: ReportDb = defaultReportDb(),
): Promise<LeadsPerDayReport> {
  const pieces = await rollupPieces(input.from, input.to, db);
  const results = await Promise.all(
    pieces.map((piece) =>
      piece.source === "rollup"
        ? db.query<LeadsDay>(ROLLUP_SQL, [isoDay(piece.from), isoDay(piece.to)])
        : db.query<LeadsDay>(LIVE_SQL, [piece.from, piece.to]),
    ),
  );
  const counts = new Map<string, number>();
  for (const row of results.flatMap((r) => r.rows)) counts.set(row.day, (counts.get(row.day) ?? 0) + row.leads);

  const days: LeadsDay[] = [];
  const end = input.to.getTime() - 1;
  for (let day = floorDay(input.from.getTime()); day <= end; day += DAY_MS) {
    const key = isoDay(new Date(day));
    days.push({ day: key, leads: counts.get(key) ?? 0 });
  }
  return { from: input.from, to: input.to, total: days.reduce((sum, d) => sum + d.leads, 0), days };
}
