import "server-only";
import {
  FUNNEL_STEPS,
  withConversions,
  type FunnelCounts,
  type FunnelSplit,
  type FunnelStepCount,
} from "@/lib/admin/shared/funnel-steps";
import { FREE_LANDING_PAGES, PAID_LANDING_PAGES } from "@/lib/admin/shared/landing";
import type { ReportRange } from "@/lib/admin/shared/report-range";
import { defaultReportDb, type ReportDb } from "./report-db";

// The overview funnel (issue 12 point 2) over the funnel sessions started in [from, to). A step
// is read from the server's own records where there is one, the browser's events only where
// there is not (docs/console-reports-status.md, "Funnel definition"):
//   page_load          a page_load event of the session
//   opt_in             the session registered a prospect (funnel_sessions.prospect_id)
//   survey             a survey response of the session
//   qualified_or_offer a qualified survey response, or the session was shown the offer (offer_variant)
//   checkout           a checkout_click event, or an order with the session as contact
//   paid               an order of the session that was paid (SUCCEEDED, or REFUNDED afterwards)
// First touch: the prospect's first_utm_* when the session has one, else the session's own UTM.

export type FunnelReportInput = ReportRange & { split: FunnelSplit };
export type FunnelSegment = { segment: string; sessions: number; steps: FunnelStepCount[] };
export type FunnelReport = {
  from: Date;
  to: Date;
  split: FunnelSplit;
  total: FunnelSegment;
  segments: FunnelSegment[];
};

const SEGMENT_SQL: Record<Exclude<FunnelSplit, "none">, string> = {
  landing: `CASE WHEN landing_page = ANY($3::text[]) THEN 'free' WHEN landing_page = ANY($4::text[]) THEN 'paid' ELSE 'unknown' END`,
  offer_variant: "COALESCE(offer_variant, '(none)')",
  utm_source: "COALESCE(NULLIF(utm_source, ''), '(none)')",
  utm_campaign: "COALESCE(NULLIF(utm_campaign, ''), '(none)')",
};

function funnelSql(split: FunnelSplit): string {
  const segment = split === "none" ? "" : SEGMENT_SQL[split];
  return `
    WITH s AS (
      SELECT s.id, s.prospect_id, s.offer_variant,
             CASE WHEN p.id IS NULL THEN s.utm_source ELSE p.first_utm_source END AS utm_source,
             CASE WHEN p.id IS NULL THEN s.utm_campaign ELSE p.first_utm_campaign END AS utm_campaign
        FROM funnel_sessions s LEFT JOIN prospects p ON p.id = s.prospect_id
       WHERE s.started_at >= $1 AND s.started_at < $2
    ), per AS (
      SELECT s.*, pl.page AS landing_page, pl.page IS NOT NULL AS page_load,
             s.prospect_id IS NOT NULL AS opt_in,
             EXISTS (SELECT 1 FROM survey_responses r WHERE r.session_id = s.id) AS survey,
             s.offer_variant IS NOT NULL
               OR EXISTS (SELECT 1 FROM survey_responses r WHERE r.session_id = s.id AND r.qualified) AS qualified_or_offer,
             EXISTS (SELECT 1 FROM funnel_events e WHERE e.session_id = s.id AND e.action = 'checkout_click')
               OR EXISTS (SELECT 1 FROM orders o WHERE o.contact_id = s.id) AS checkout,
             EXISTS (SELECT 1 FROM orders o WHERE o.contact_id = s.id AND o.status IN ('SUCCEEDED', 'REFUNDED')) AS paid
        FROM s
        LEFT JOIN LATERAL (
          SELECT e.data->>'page' AS page FROM funnel_events e
           WHERE e.session_id = s.id AND e.action = 'page_load'
           ORDER BY e.received_at, e.id LIMIT 1
        ) pl ON true
    )
    SELECT ${split === "none" ? "NULL::text AS segment, true" : `${segment} AS segment, GROUPING(${segment}) = 1`} AS is_total,
           count(*)::int AS sessions,
           ${FUNNEL_STEPS.map((step) => `(count(*) FILTER (WHERE ${step}))::int AS ${step}`).join(",\n           ")}
      FROM per
     ${split === "none" ? "" : `GROUP BY GROUPING SETS ((${segment}), ())`}`;
}

type Row = { segment: string | null; is_total: boolean; sessions: number } & FunnelCounts;

function toSegment(row: Row, name: string): FunnelSegment {
  const counts = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, row[step]])) as FunnelCounts;
  return { segment: name, sessions: row.sessions, steps: withConversions(counts) };
}

export async function funnelReport(input: FunnelReportInput, db: ReportDb = defaultReportDb()): Promise<FunnelReport> {
  const params: unknown[] = [input.from, input.to];
  if (input.split === "landing") params.push(FREE_LANDING_PAGES, PAID_LANDING_PAGES);
  const { rows } = await db.query<Row>(funnelSql(input.split), params);
  const totalRow = rows.find((r) => r.is_total);
  const empty = { segment: null, is_total: true, sessions: 0, ...zeroCounts() };
  const segments = input.split === "none" ? [] : rows.filter((r) => !r.is_total);
  return {
    from: input.from,
    to: input.to,
    split: input.split,
    total: toSegment(totalRow ?? empty, "all"),
    segments: segments
      .map((r) => toSegment(r, r.segment ?? "(none)"))
      .sort((a, b) => b.sessions - a.sessions || a.segment.localeCompare(b.segment)),
  };
}

function zeroCounts(): FunnelCounts {
  return Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as FunnelCounts;
}
