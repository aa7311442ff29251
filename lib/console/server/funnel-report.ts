import "server-only";
import {
  FUNNEL_PATH_KEYS,
  FUNNEL_STEPS,
  pathOfLanding,
  withConversions,
  zeroCounts,
  type FunnelCounts,
  type FunnelPath,
  type FunnelSplit,
  type FunnelStepCount,
} from "@/lib/leads/shared/funnel-steps";
import { FREE_LANDING_PAGES, PAID_LANDING_PAGES } from "@/lib/leads/shared/landing";
import { isoDay } from "@/lib/shared/dates";
import type { ReportRange } from "@/lib/shared/report-range";
import { funnelFactsSql } from "@/lib/leads/server/funnel-facts-sql";
import { rollupPieces, rollupSumSql } from "@/lib/leads/server/funnel-rollup";
import { defaultReportDb, type ReportDb } from "@/lib/platform/server/report-db";

// Steps are defined once, in funnel-facts-sql.ts; rolled-up days come from funnel_daily_stats.

export type FunnelReportInput = ReportRange & { split: FunnelSplit };
export type FunnelPathReport = { path: FunnelPath; steps: FunnelStepCount[] };
export type FunnelSegment = {
  segment: string;
  sessions: number;
  /** Sessions with no tracked landing view: they started past the landing, so neither path has them. */
  withoutLanding: number;
  paths: FunnelPathReport[];
  /** Cents (usd), net of refunds to date, of every session of the segment that paid. */
  netRevenue: number;
  revenuePerSession: number | null;
  /** Paid, but skipped a step of their path (no landing view, or no opt-in on the free path). */
  offPath: { paid: number; netRevenue: number };
};
export type FunnelReport = {
  from: Date;
  to: Date;
  split: FunnelSplit;
  total: FunnelSegment;
  segments: FunnelSegment[];
  /** Always by first-touch utm_source, for revenue per source. */
  sources: FunnelSegment[];
};

type Row = {
  landing: string;
  offer_variant: string;
  utm_source: string;
  utm_campaign: string;
  sessions: number;
  // bigint sums come back as strings.
  net_revenue: string;
  off_path_paid: number;
  off_path_net_revenue: string;
} & FunnelCounts;
type Tally = {
  sessions: number;
  paths: Record<FunnelPath, FunnelCounts>;
  /** Net cents of each path's sessions counted at its last step. */
  pathRevenue: Record<FunnelPath, number>;
  netRevenue: number;
  offPathPaid: number;
  offPathNetRevenue: number;
};

async function factRows(input: ReportRange, db: ReportDb): Promise<Row[]> {
  const pieces = await rollupPieces(input.from, input.to, db);
  const results = await Promise.all(
    pieces.map((piece) =>
      piece.source === "rollup"
        ? db.query<Row>(rollupSumSql, [isoDay(piece.from), isoDay(piece.to)])
        : db.query<Row>(funnelFactsSql(false), [piece.from, piece.to, FREE_LANDING_PAGES, PAID_LANDING_PAGES]),
    ),
  );
  return results.flatMap((r) => r.rows);
}

function segmentOf(row: Row, split: Exclude<FunnelSplit, "none">): string {
  const value = row[split];
  return value === "" ? "(none)" : value;
}

const emptyTally = (): Tally => ({
  sessions: 0,
  paths: { free: zeroCounts(), paid: zeroCounts() },
  pathRevenue: { free: 0, paid: 0 },
  netRevenue: 0,
  offPathPaid: 0,
  offPathNetRevenue: 0,
});

function add(tally: Tally | undefined, row: Row): Tally {
  const base = tally ?? emptyTally();
  const path = pathOfLanding(row.landing);
  for (const step of FUNNEL_STEPS) base.paths[path][step] += row[step];
  // One segment's cents over a year stay far below 2^53.
  const net = Number(row.net_revenue);
  const offPath = Number(row.off_path_net_revenue);
  base.sessions += row.sessions;
  base.pathRevenue[path] += net - offPath;
  base.netRevenue += net;
  base.offPathPaid += row.off_path_paid;
  base.offPathNetRevenue += offPath;
  return base;
}

function toSegment(segment: string, tally: Tally = emptyTally()): FunnelSegment {
  const pageLoads = FUNNEL_PATH_KEYS.reduce((sum, path) => sum + tally.paths[path].page_load, 0);
  return {
    segment,
    sessions: tally.sessions,
    withoutLanding: tally.sessions - pageLoads,
    paths: FUNNEL_PATH_KEYS.map((path) => ({
      path,
      steps: withConversions(path, tally.paths[path], tally.pathRevenue[path]),
    })),
    netRevenue: tally.netRevenue,
    revenuePerSession: tally.sessions === 0 ? null : tally.netRevenue / tally.sessions,
    offPath: { paid: tally.offPathPaid, netRevenue: tally.offPathNetRevenue },
  };
}

function segmentsOf(rows: Row[], split: Exclude<FunnelSplit, "none">): FunnelSegment[] {
  const bySegment = new Map<string, Tally>();
  for (const row of rows) {
    const key = segmentOf(row, split);
    bySegment.set(key, add(bySegment.get(key), row));
  }
  return [...bySegment]
    .map(([key, tally]) => toSegment(key, tally))
    .sort((a, b) => b.sessions - a.sessions || a.segment.localeCompare(b.segment));
}

export async function funnelReport(input: FunnelReportInput, db: ReportDb = defaultReportDb()): Promise<FunnelReport> {
  const rows = await factRows(input, db);
  let total: Tally | undefined;
  for (const row of rows) total = add(total, row);
  return {
    from: input.from,
    to: input.to,
    split: input.split,
    total: toSegment("all", total),
    segments: input.split === "none" ? [] : segmentsOf(rows, input.split),
    sources: segmentsOf(rows, "utm_source"),
  };
}
