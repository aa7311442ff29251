// npm run db:seed-demo [-- --sessions N --days D --database NAME]: a seeded demo data set in a
// separate database (funnel_demo) for the console reports and bench:console. Re-running replaces it.
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { DEFAULT_DEMO_DATABASE, DEMO_MARKER, openDemoDatabase } from "../lib/demo-database";
import * as SQL from "../lib/demo-data-sql";
import { runFunnelRollup } from "../../lib/leads/server/funnel-rollup";

const CHUNK = 100_000;
const log = (line: string) => console.log(`[db:seed-demo] ${line}`);

const argsSchema = z.strictObject({
  sessions: z.coerce.number().int().min(1).max(20_000_000).default(1_000_000),
  days: z.coerce.number().int().min(1).max(3650).default(365),
  database: z.string().default(DEFAULT_DEMO_DATABASE),
});

function readArgs(): z.infer<typeof argsSchema> {
  const { values } = parseArgs({
    options: { sessions: { type: "string" }, days: { type: "string" }, database: { type: "string" } },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n"));
    process.exit(2);
  }
  return parsed.data;
}

async function checkDemoOwned(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ marker: string | null; has_rows: boolean }>(
    `SELECT shobj_description(oid, 'pg_database') AS marker,
            EXISTS (SELECT 1 FROM prospects) OR EXISTS (SELECT 1 FROM orders) AS has_rows
       FROM pg_database WHERE datname = current_database()`,
  );
  const row = rows[0];
  if (row?.has_rows && row.marker !== DEMO_MARKER)
    throw new Error("the target database holds funnel rows and is not a demo database; refusing to empty it");
}

async function timed(label: string, client: pg.Client, sql: string, params: unknown[]): Promise<number> {
  const started = performance.now();
  const { rowCount } = await client.query(sql, params);
  log(`${label}: ${rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return rowCount ?? 0;
}

async function seed(client: pg.Client, sessions: number, days: number, database: string): Promise<void> {
  await checkDemoOwned(client);
  await client.query(`COMMENT ON DATABASE ${database} IS '${DEMO_MARKER}'`);
  await client.query(`TRUNCATE ${SQL.DEMO_TABLES.join(", ")} RESTART IDENTITY CASCADE`);
  await client.query("SELECT setseed(0.42)");
  // Today's sessions stay out of the rollup, so reports count them live, as in production.
  const end = new Date();
  await timed("draw sessions", client, SQL.DRAW_SESSIONS, [sessions, days, end]);
  await timed("draw orders", client, SQL.DRAW_ORDERS, []);
  await client.query("CREATE INDEX ON demo_order (n)");
  await client.query("ANALYZE demo_draw; ANALYZE demo_order");
  const steps: [string, string][] = [
    ["prospects", SQL.INSERT_PROSPECTS],
    ["sessions", SQL.INSERT_SESSIONS],
    ["survey responses", SQL.INSERT_SURVEYS],
    ["orders", SQL.INSERT_ORDERS],
    ["subscriptions", SQL.INSERT_SUBSCRIPTIONS],
    ["seat changes", SQL.INSERT_SEAT_CHANGES],
    ["refunds", SQL.INSERT_REFUNDS],
    ["events", SQL.INSERT_EVENTS],
  ];
  for (let first = 1; first <= sessions; first += CHUNK) {
    const last = Math.min(sessions, first + CHUNK - 1);
    log(`sessions ${first}–${last}`);
    await client.query("BEGIN");
    for (const [label, sql] of steps) await timed(`  ${label}`, client, sql, [first, last]);
    await client.query("COMMIT");
  }
  await timed("experiment", client, SQL.INSERT_EXPERIMENT, [new Date(end.getTime() - days * 86_400_000)]);
  // Outcomes are counted once, set-based, after the bulk insert: row by row, each exposure's
  // trigger would plan against a table whose statistics still say it is empty.
  await client.query("ALTER TABLE experiment_exposures DISABLE TRIGGER experiment_exposures_outcome");
  try {
    await timed("experiment exposures", client, SQL.INSERT_EXPOSURES, []);
  } finally {
    await client.query("ALTER TABLE experiment_exposures ENABLE TRIGGER experiment_exposures_outcome");
  }
  log("analyze");
  await client.query(`ANALYZE ${SQL.DEMO_TABLES.join(", ")}`);
  await timed("exposure outcomes", client, SQL.COUNT_EXPOSURE_OUTCOMES, []);
  await client.query("VACUUM ANALYZE experiment_exposures");
}

async function rollUp(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const started = performance.now();
    await pool.query("TRUNCATE funnel_daily_stats, funnel_rollup_days");
    let runs = 0;
    for (;;) {
      const { backfilled } = await runFunnelRollup(new Date(), pool);
      runs++;
      if (backfilled === 0) break;
    }
    log(`funnel rollup: ${runs} job runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await pool.query("ANALYZE funnel_daily_stats, funnel_rollup_days");
  } finally {
    await pool.end();
  }
}

const args = readArgs();
let code = 0;
try {
  const demo = await openDemoDatabase(args.database, { create: true });
  const client = new pg.Client({ connectionString: demo.url });
  try {
    await client.connect();
    const started = performance.now();
    await seed(client, args.sessions, args.days, args.database);
    await rollUp(demo.url);
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s: database "${args.database}"`);
  } finally {
    await client.end();
    await demo.stop();
  }
} catch (error) {
  console.error(`[db:seed-demo] ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
}
process.exit(code);
