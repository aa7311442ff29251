// npm run bench:export [-- --kind events --from YYYY-MM-DD --to YYYY-MM-DD --database NAME]: peak
// RSS while streaming an export must not grow with rows (docs/benchmarks.md#csv-export-npm-run-benchexport).
import { parseArgs } from "node:util";
import { z } from "zod";
import { csvStream } from "../../lib/console/server/csv-stream";
import { EXPORT_KINDS, exportQuery, exportRowCount, exportSql } from "../../lib/console/server/lead-exports";
import { leadFilterSchema } from "../../lib/leads/shared/lead-filter";
import { DEFAULT_DEMO_DATABASE, withDemoPool } from "../lib/demo-database";

const argsSchema = z.strictObject({
  kind: z.enum(EXPORT_KINDS).default("events"),
  from: z.string().optional(),
  to: z.string().optional(),
  database: z.string().default(DEFAULT_DEMO_DATABASE),
});

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      kind: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      database: { type: "string" },
    },
    strict: true,
  });
  const args = argsSchema.parse(values);
  const filter = leadFilterSchema.parse({ from: args.from, to: args.to });
  await withDemoPool(args.database, 2, async (pool) => {
    const query = exportQuery(args.kind, filter);
    let started = performance.now();
    const rows = await exportRowCount(query, pool);
    console.log(
      `[bench:export] ${args.kind}: ${rows} rows to export (count in ${(performance.now() - started).toFixed(0)} ms)`,
    );
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    started = performance.now();
    let bytes = 0;
    let lines = 0;
    const reader = csvStream(pool, query.columns, exportSql(query), query.params).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) lines += 1;
    }
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[bench:export] ${lines - 1} data rows, ${mib(bytes)} of CSV in ${seconds.toFixed(1)} s ` +
        `(${Math.round((lines - 1) / seconds)} rows/s); RSS before ${mib(baseline)}, peak ${mib(peak)}`,
    );
  });
}

await main().catch((error: unknown) => {
  console.error(`[bench:export] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
