import "server-only";
import {
  FUNNEL_STEPS,
  withConversions,
  type FunnelCounts,
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
export type FunnelSegment = { segment: string; sessions: number; steps: FunnelStepCount[] };
export type FunnelReport = {
  from: Date;
  to: Date;
  split: FunnelSplit;
  total: FunnelSegment;
  segments: FunnelSegment[];
};

type Row = {
  landing: string;
  offer_variant: string;
  utm_source: string;
  utm_campaign: string;
  sessions: number;
} & FunnelCounts;
type Tally = { sessions: number; counts: FunnelCounts };

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

function segmentOf(row: Row, split: FunnelSplit): string {
  if (split === "none") return "all";
  const value = row[split];
  return value === "" ? "(none)" : value;
}

function add(tally: Tally | undefined, row: Row): Tally {
  const base = tally ?? { sessions: 0, counts: zeroCounts() };
  for (const step of FUNNEL_STEPS) base.counts[step] += row[step];
  base.sessions += row.sessions;
  return base;
}

const toSegment = (segment: string, tally: Tally | undefined): FunnelSegment => ({
  segment,
  sessions: tally?.sessions ?? 0,
  steps: withConversions(tally?.counts ?? zeroCounts()),
});

export async function funnelReport(input: FunnelReportInput, db: ReportDb = defaultReportDb()): Promise<FunnelReport> {
  const rows = await factRows(input, db);
  let total: Tally | undefined;
  const bySegment = new Map<string, Tally>();
  for (const row of rows) {
    total = add(total, row);
    const key = segmentOf(row, input.split);
    bySegment.set(key, add(bySegment.get(key), row));
  }
  const segments =
    input.split === "none"
      ? []
      : [...bySegment]
          .map(([key, tally]) => toSegment(key, tally))
          .sort((a, b) => b.sessions - a.sessions || a.segment.localeCompare(b.segment));
  return { from: input.from, to: input.to, split: input.split, total: toSegment("all", total), segments };
}

function zeroCounts(): FunnelCounts {
  return { page_load: 0, opt_in: 0, survey: 0, qualified_or_offer: 0, checkout: 0, paid: 0 };
}
