// npm run bench:console [-- --runs N --database NAME]: console reports on the demo data set,
// p50/p95 against the 300 ms target (docs/benchmarks.md#console-reports-npm-run-benchconsole).
import { parseArgs } from "node:util";
import type pg from "pg";
import { z } from "zod";
import { funnelReport } from "../../lib/console/server/funnel-report";
import { leadsPerDayReport } from "../../lib/console/server/leads-per-day-report";
import { leadsPage } from "../../lib/console/server/leads-list";
import { revenueReport } from "../../lib/console/server/revenue-report";
import { seatReport } from "../../lib/console/server/seat-report";
import { seatSeriesReport } from "../../lib/console/server/seat-series-report";
import { revenueTrendReport } from "../../lib/console/server/revenue-trend-report";
import { previousRange } from "../../lib/console/shared/day-series";
import {
  getExperimentResults,
  getExperimentTotals,
  resultsOf,
} from "../../lib/console/server/experiment-results-report";
import { experimentPosterior } from "../../lib/console/server/experiment-posterior-report";
import { leadFilterSchema } from "../../lib/leads/shared/lead-filter";
import type { KeysetCursor } from "../../lib/shared/keyset-cursor";
import { FUNNEL_SPLITS } from "../../lib/leads/shared/funnel-steps";
import type { ReportRange } from "../../lib/shared/report-range";
import { DEFAULT_DEMO_DATABASE, withDemoPool } from "../lib/demo-database";
import { DEMO_EXPERIMENT_KEY } from "../lib/demo-data-sql";
import { DAY_MS } from "@/lib/shared/dates";

const TARGET_P95_MS = 300;
const argsSchema = z.strictObject({
  runs: z.coerce.number().int().min(1).max(1000).default(20),
  database: z.string().default(DEFAULT_DEMO_DATABASE),
});

async function timeCase(runs: number, run: () => Promise<unknown>): Promise<[number, number]> {
  await run(); // The console is read repeatedly, not cold.
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return [percentile(times, 50), percentile(times, 95)];
}

const printRow = (name: string, label: string, [p50, p95]: [number, number]) =>
  console.log(
    `${name.padEnd(32)}${label.padEnd(10)}${p50.toFixed(1).padStart(9)}${p95.toFixed(1).padStart(9)}   ${p95 <= TARGET_P95_MS ? "yes" : "NO"}`,
  );

async function leadCases(pool: pg.Pool, end: Date): Promise<[string, () => Promise<unknown>][]> {
  const { rows } = await pool.query<{ created_at: Date; id: string }>(
    "SELECT created_at, id FROM prospects ORDER BY created_at, id OFFSET 1000 LIMIT 1",
  );
  const deep: KeysetCursor | null = rows[0] ? { at: rows[0].created_at, id: rows[0].id } : null;
  const list =
    (filter: Record<string, string>, after: KeysetCursor | null = null) =>
    () =>
      leadsPage(leadFilterSchema.parse(filter), after, pool);
  return [
    ["leads list, first page", list({})],
    ["leads list, deep keyset page", list({}, deep)],
    ["leads search, name (rare)", list({ q: "lead 12345" })],
    ["leads search, e-mail (common)", list({ q: "demo-99" })],
    ["leads search, no match", list({ q: "zzq" })],
    ["leads search + filters, deep", list({ q: "lead 1", qualified: "yes", source: "google" }, deep)],
    ["leads qualified=no, track", list({ qualified: "no", track: "NON_OWNER" })],
    [
      "leads source, 30 days",
      list({ source: "newsletter", from: day(end.getTime() - 30 * DAY_MS), to: day(end.getTime()) }),
    ],
    ["seat report", () => seatReport(pool)],
    ...(await experimentCases(pool)),
  ];
}

async function experimentCases(pool: pg.Pool): Promise<[string, () => Promise<unknown>][]> {
  const { rows } = await pool.query<{ id: string }>("SELECT id FROM experiments WHERE key = $1", [DEMO_EXPERIMENT_KEY]);
  const id = rows[0]?.id;
  if (!id) return [];
  const page = async () => {
    const totals = await getExperimentTotals(id, pool);
    return totals && [resultsOf(totals), experimentPosterior(totals)];
  };
  return [
    ["experiment results", () => getExperimentResults(id, pool)],
    // What the results page reads: the same query, and the posterior per day from its rows.
    ["experiment results + posterior", page],
  ];
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function ranges(end: Date): [string, ReportRange][] {
  const back = (days: number): ReportRange => ({ from: new Date(end.getTime() - days * DAY_MS), to: end });
  return [
    ["7 days", back(7)],
    ["30 days", back(30)],
    ["365 days", back(365)],
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string" }, database: { type: "string" } }, strict: true });
  const args = argsSchema.parse(values);
  await withDemoPool(args.database, 1, async (pool) => {
    const { rows } = await pool.query<{ sessions: string; events: string; end: Date | null }>(
      `SELECT (SELECT count(*) FROM funnel_sessions) AS sessions, (SELECT count(*) FROM funnel_events) AS events,
              (SELECT max(started_at) FROM funnel_sessions) AS end`,
    );
    const info = rows[0];
    if (!info?.end) throw new Error(`database "${args.database}" has no sessions: run npm run db:seed-demo first`);
    console.log(`[bench:console] ${info.sessions} sessions, ${info.events} events; ${args.runs} runs per case`);
    // Partial days at both ends are counted live, whole days come from the rollup.
    const end = new Date(info.end.getTime() + 1);
    const cases: [string, (range: ReportRange) => Promise<unknown>][] = [
      ...FUNNEL_SPLITS.map((split): [string, (range: ReportRange) => Promise<unknown>] => [
        `funnel (split ${split})`,
        (range) => funnelReport({ ...range, split }, pool),
      ]),
      ["revenue per product", (range) => revenueReport(range, pool)],
      ["leads per day", (range) => leadsPerDayReport(range, pool)],
      // The overview's charts: each with its previous period, as the page asks for them.
      ["revenue per day + previous", (range) => revenueTrendReport(range, pool)],
      [
        "leads per day + previous",
        (range) => leadsPerDayReport({ from: previousRange(range).from, to: range.to }, pool),
      ],
      ["seats and MRR per day", (range) => seatSeriesReport(range, pool)],
    ];
    console.log("report                          range        p50 ms   p95 ms   ≤ 300 ms p95");
    for (const [name, run] of cases)
      for (const [label, range] of ranges(end)) printRow(name, label, await timeCase(args.runs, () => run(range)));
    for (const [name, run] of await leadCases(pool, end)) printRow(name, "-", await timeCase(args.runs, run));
  });
}

await main().catch((error: unknown) => {
  console.error(`[bench:console] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
