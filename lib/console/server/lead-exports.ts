import "server-only";
import type { LeadFilter } from "@/lib/leads/shared/lead-filter";
import { leadFilterSql } from "@/lib/leads/server/lead-filter-sql";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";
import { ORDER_EXPORT_COLUMNS, ORDER_EXPORT_SELECT } from "./order-exports";
import type { RowMapper } from "./csv-stream";
import { countedOrderSql } from "@/lib/shared/excluded-rows";

// One query over the list's filter SQL each, so an export holds what the list shows.

export const EXPORT_KINDS = ["leads", "orders", "events"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Without ORDER BY, so the row count need not sort. */
export type ExportQuery = {
  columns: readonly string[];
  sql: string;
  order: string;
  params: unknown[];
  mapRow?: RowMapper;
};

const LEAD_COLUMNS = [
  "id",
  "created_at",
  "name",
  "email",
  "track",
  "qualified",
  "first_utm_source",
  "first_utm_medium",
  "first_utm_campaign",
  "last_utm_source",
  "last_utm_medium",
  "last_utm_campaign",
  "excluded_as",
] as const;

const EVENT_COLUMNS = [
  "id",
  "received_at",
  "client_timestamp",
  "prospect_id",
  "session_id",
  "step",
  "action",
  "data",
] as const;

/** `orderRow`: the orders export's row mapper (orderExportRows), which reads the catalog's names. */
export function exportQuery(kind: ExportKind, filter: LeadFilter, orderRow?: RowMapper): ExportQuery {
  const leads = leadFilterSql(filter);
  switch (kind) {
    case "leads":
      return {
        columns: LEAD_COLUMNS,
        sql: `SELECT ${LEAD_COLUMNS.map((c) => `l.${c}`).join(", ")} FROM (${leads.sql}) l`,
        order: "ORDER BY l.created_at DESC, l.id DESC",
        params: leads.params,
      };
    case "orders":
      // The same columns as the orders list's own export.
      return {
        columns: ORDER_EXPORT_COLUMNS,
        // A flagged order of a counted lead stays out too, unless the filter asks for flagged rows.
        sql: `SELECT ${ORDER_EXPORT_SELECT} FROM (${leads.sql}) l JOIN orders o ON o.prospect_id = l.id${
          filter.flagged ? "" : ` WHERE ${countedOrderSql("o")}`
        }`,
        order: "ORDER BY o.created_at DESC, o.id",
        params: leads.params,
        mapRow: orderRow,
      };
    case "events":
      // id as text: bigint beyond 2^53 must not lose digits. No ORDER BY: sorting millions of rows
      // would hold the first byte back.
      return {
        columns: EVENT_COLUMNS,
        sql: `SELECT e.id::text, e.received_at, e.client_timestamp, l.id, e.session_id, e.step, e.action, e.data::text
                FROM (${leads.sql}) l
                JOIN funnel_sessions s ON s.prospect_id = l.id
                JOIN funnel_events e ON e.session_id = s.id`,
        order: "",
        params: leads.params,
      };
  }
}

export const exportSql = (query: ExportQuery) => `${query.sql} ${query.order}`;

/** For the audit entry written before the first byte goes out. */
export async function exportRowCount(query: ExportQuery, db: ReportDb = defaultReportDb()): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM (${query.sql}) x`, query.params);
  return Number(rows[0]?.n ?? 0);
}
