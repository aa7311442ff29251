import "server-only";
import { LEADS_PAGE_SIZE, type LeadFilter } from "@/lib/leads/shared/lead-filter";
import { encodeCursor, type KeysetCursor } from "@/lib/shared/keyset-cursor";
import { leadFilterSql, leadMatchSql } from "@/lib/leads/server/lead-filter-sql";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import { countedOrderSql, isExclusionKind, type ExclusionKind } from "@/lib/shared/excluded-rows";
import { capCount, COUNT_CAP, type ListCount } from "@/lib/shared/list-count";

// Keyset paging: page 5,000 costs what page 1 does, and a lead arriving meanwhile does not shift pages.

export type LeadRow = {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  firstUtmSource: string;
  firstUtmCampaign: string;
  track: string | null;
  qualified: boolean;
  paidOrders: number;
  excludedAs: ExclusionKind | null;
};

export type LeadsPage = { leads: LeadRow[]; next: string | null };

type Row = {
  id: string;
  name: string;
  email: string;
  created_at: Date;
  first_utm_source: string;
  first_utm_campaign: string;
  track: string | null;
  qualified: boolean;
  paid_orders: number;
  excluded_as: string | null;
};

export async function leadsPage(
  filter: LeadFilter,
  after: KeysetCursor | null,
  db: ReportDb = defaultReportDb(),
  pageSize = LEADS_PAGE_SIZE,
): Promise<LeadsPage> {
  const base = leadFilterSql(filter);
  const params = base.params;
  let keyset = "";
  if (after) {
    params.push(after.at, after.id);
    keyset = `WHERE (l.created_at, l.id) < ($${params.length - 1}, $${params.length}::uuid)`;
  }
  params.push(pageSize + 1);
  const sql = `
    SELECT l.id, l.name, l.email, l.created_at, l.first_utm_source, l.first_utm_campaign, l.track, l.qualified,
           l.excluded_as::text AS excluded_as,
           (SELECT count(*)::int FROM orders o
             WHERE o.prospect_id = l.id AND o.status = 'SUCCEEDED' AND ${countedOrderSql("o")}) AS paid_orders
      FROM (${base.sql}) l
     ${keyset}
     ORDER BY l.created_at DESC, l.id DESC
     LIMIT $${params.length}`;
  const { rows } = await db.query<Row>(sql, params);
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  return {
    leads: shown.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      createdAt: r.created_at,
      firstUtmSource: r.first_utm_source,
      firstUtmCampaign: r.first_utm_campaign,
      track: r.track,
      qualified: r.qualified,
      paidOrders: r.paid_orders,
      excludedAs: isExclusionKind(r.excluded_as) ? r.excluded_as : null,
    })),
    next: rows.length > pageSize && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
  };
}

/** A filter on the latest answer reads it per lead, about 10 times the cost, so it stops sooner. */
export const SURVEY_COUNT_CAP = 1_000;

/** The filter's matches, whatever page is shown: the same WHERE, read no further than the cap. */
export async function countLeads(filter: LeadFilter, db: ReportDb = defaultReportDb()): Promise<ListCount> {
  const cap = filter.qualified || filter.track ? SURVEY_COUNT_CAP : COUNT_CAP;
  const base = leadMatchSql(filter);
  base.params.push(cap + 1);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${base.sql} LIMIT $${base.params.length}) c`,
    base.params,
  );
  return capCount(rows[0]?.n ?? 0, cap);
}
