import "server-only";
import type { ReportRange } from "@/lib/admin/shared/report-range";
import { defaultReportDb, type ReportDb } from "./report-db";

// New leads (prospects created) per UTC calendar day from the day of `from` to the day before
// `to`'s day ends, every day listed (0 when none) so a chart's axis has no gaps. A lead is a
// prospect row: one per e-mail, created at its first opt-in.

export type LeadsDay = { day: string; leads: number };
export type LeadsPerDayReport = { from: Date; to: Date; total: number; days: LeadsDay[] };

const SQL = `
  WITH days AS (
    SELECT generate_series(date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC'),
                           date_trunc('day', ($2::timestamptz - interval '1 millisecond') AT TIME ZONE 'UTC'),
                           interval '1 day') AS day
  ), counts AS (
    SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, count(*)::int AS leads
      FROM prospects
     WHERE created_at >= $1 AND created_at < $2
     GROUP BY 1
  )
  SELECT to_char(days.day, 'YYYY-MM-DD') AS day, COALESCE(counts.leads, 0) AS leads
    FROM days LEFT JOIN counts USING (day)
   ORDER BY days.day`;

export async function leadsPerDayReport(
  input: ReportRange,
  db: ReportDb = defaultReportDb(),
): Promise<LeadsPerDayReport> {
  const { rows } = await db.query<LeadsDay>(SQL, [input.from, input.to]);
  return { from: input.from, to: input.to, total: rows.reduce((sum, r) => sum + r.leads, 0), days: rows };
}
