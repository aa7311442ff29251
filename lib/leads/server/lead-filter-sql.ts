import "server-only";
import { DAY_MS } from "@/lib/shared/dates";
import { NO_SOURCE, type LeadFilter } from "@/lib/leads/shared/lead-filter";
import { containsPattern } from "@/lib/shared/like-pattern";
import { flaggedViewSql } from "@/lib/shared/excluded-rows";

// Shared by the list and the CSV exports. Values only ever travel as parameters.

export type FilterSql = { sql: string; params: unknown[] };

/** Only the WHERE's matches, for a count: the latest answer is read only when the filter asks about it. */
export function leadMatchSql(filter: LeadFilter): FilterSql {
  if (filter.qualified || filter.track) {
    const { sql, params } = leadFilterSql(filter);
    return { sql: `SELECT 1 FROM (${sql}) l`, params };
  }
  return leadFilterSql(filter, [], "SELECT 1 FROM prospects p");
}

/** Leads with their latest survey answer as `sr`, for a filter on track or qualification. */
export const leadsWithLatestAnswer = (columns: string) => `
    SELECT ${columns}
      FROM prospects p
      LEFT JOIN LATERAL (
        SELECT r.track, r.qualified FROM survey_responses r
         WHERE r.prospect_id = p.id ORDER BY r.created_at DESC LIMIT 1
      ) sr ON true`;

const WITH_LATEST_ANSWER = leadsWithLatestAnswer(
  "p.*, sr.track::text AS track, COALESCE(sr.qualified, false) AS qualified",
);

export function leadFilterSql(filter: LeadFilter, params: unknown[] = [], from = WITH_LATEST_ANSWER): FilterSql {
  const flagged = flaggedViewSql(filter.flagged, "p");
  const where: string[] = flagged ? [flagged] : [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.q) {
    const p = param(containsPattern(filter.q.toLowerCase()));
    // Both columns carry a trigram index; e-mail addresses are stored lower-cased.
    where.push(`(p.name ILIKE ${p} OR p.email LIKE ${p})`);
  }
  if (filter.from) where.push(`p.created_at >= ${param(filter.from)}`);
  if (filter.to) where.push(`p.created_at < ${param(new Date(filter.to.getTime() + DAY_MS))}`);
  if (filter.source) where.push(`p.first_utm_source = ${param(filter.source === NO_SOURCE ? "" : filter.source)}`);
  if (filter.qualified === "yes") where.push("sr.qualified IS TRUE");
  if (filter.qualified === "no") where.push("sr.qualified IS NOT TRUE");
  if (filter.track) where.push(`sr.track = ${param(filter.track)}::survey_track`);
  const sql = `${from}
     ${where.length ? `WHERE ${where.join(" AND ")}` : ""}`;
  return { sql, params };
}
