import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { QUEUES } from "@/lib/platform/shared/queues";
import { trackEventRequest } from "@/tests/support/track-event";
import { type Bouncer, pgbouncerInstalled, startPgBouncer } from "@/tests/support/pgbouncer";
import { freshDatabase } from "@/tests/support/db";
import { intoOneWindow, waitUntil } from "@/tests/support/wait";

// The app through PgBouncer in transaction mode: the Prisma client, the rate limiter
// and the hot event insert, the job queue (sending, in a transaction, and pg-boss's workers) and
// the CSV export, with 3 server connections under pools of 10. Migrations go through the direct
// URL, as DIRECT_DATABASE_URL makes npm start do. What broke through the pooler before: the named
// statements of the limiter and the event insert ("prepared statement … does not exist" once a
// client's next statement landed on another server connection) and the export pool's
// `options` startup parameter (refused by PgBouncer). `npm test` sets PGBOUNCER_REQUIRED=1,
// which turns a missing pgbouncer into a failure (scripts/test/ensure-pgbouncer.sh installs it).

const required = process.env.PGBOUNCER_REQUIRED === "1";
const DATABASE = "bouncer_app";
const SERVER_CONNECTIONS = 3;
const LIMIT = 30;

describe.runIf(required && !pgbouncerInstalled)("pgbouncer for the transaction-pooling tests", () => {
  it("is installed (scripts/test/ensure-pgbouncer.sh)", () => expect(pgbouncerInstalled).toBe(true));
});

describe.runIf(pgbouncerInstalled)("the app through PgBouncer (pool_mode = transaction)", () => {
  const server = inject("databaseServerUrl");
  let directUrl = "";
  let bouncer: Bouncer;
  let direct: pg.Client;

  beforeAll(async () => {
    // A migrated database of this file's own, reached through the pooler under its name.
    const own = await freshDatabase({ name: DATABASE });
    directUrl = own.url;
    bouncer = await startPgBouncer(server, { poolSize: SERVER_CONNECTIONS });
    // Everything lib/ opens from here on goes through the pooler (configuration is read on first use).
    process.env.DATABASE_URL = bouncer.url(DATABASE);
    process.env.TRACK_ACTION_RATE_LIMIT = String(LIMIT);
    direct = new pg.Client({ connectionString: directUrl });
    await direct.connect();
  });

  afterAll(async () => {
    const { closeDb } = await import("@/lib/platform/server/db");
    const { getExportPool } = await import("@/lib/console/server/export-pool");
    await closeDb();
    await getExportPool().end();
    await direct?.end();
    await bouncer?.stop();
  });

  it("runs the Prisma client's reads, writes and interactive transactions: 40, 10 at a time", async () => {
    const { getDb, getPool } = await import("@/lib/platform/server/db");
    expect(getPool().options.connectionString).toContain(`:${bouncer.port}/`);
    const db = getDb();
    const transaction = (i: number) =>
      db.$transaction(
        async (tx) => {
          const key = `bouncer-tx:${i}`;
          await tx.rateLimitBucket.create({ data: { key, windowStart: new Date(0), count: i } });
          const [row] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
          // Within one transaction the pooler keeps one server connection: the row is visible.
          expect(await tx.rateLimitBucket.count({ where: { key } })).toBe(1);
          return row?.pid;
        },
        // Ten transactions share 3 server connections, so most wait for one inside PgBouncer; on a
        // busy machine longer than Prisma's default 5 s, which is latency, not this test's point.
        { maxWait: 20_000, timeout: 20_000 },
      );
    const pids: (number | undefined)[] = [];
    // As many at once as the app's pool has clients (10), so none waits past its 2 s for one.
    for (let wave = 0; wave < 4; wave++) {
      pids.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => transaction(wave * 10 + i)))));
    }
    expect(new Set(pids).size).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    expect(await db.rateLimitBucket.count({ where: { key: { startsWith: "bouncer-tx:" } } })).toBe(40);
  });

  it("keeps the rate limit and records every accepted event: two bursts of 80 events, 10 at a time", async () => {
    const { POST } = await import("@/app/api/track-action/route");
    // Two clients in turn: the second burst reuses the pool's connections the first one warmed up,
    // which is where a named statement met a server connection that had never prepared it.
    for (const address of ["203.0.113.21", "203.0.113.22"]) {
      await intoOneWindow(10_000);
      const sessionId = randomUUID();
      // 10 in flight, as many as the pool has clients: a deeper queue on a busy machine would wait
      // out the pool and be shed (429, Retry-After 1), which this test does not count on.
      // 10 clients over 3 server connections still move every client's statements between server
      // connections.
      const statuses: number[] = [];
      let sent = 0;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (sent++ < 80) statuses.push((await POST(trackEventRequest(address, sessionId))).status);
        }),
      );
      const counts = statuses.reduce<Record<number, number>>(
        (tally, status) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }),
        {},
      );
      expect(counts).toEqual({ 202: LIMIT, 429: 80 - LIMIT });
      const { rows } = await direct.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM funnel_events WHERE session_id = $1",
        [sessionId],
      );
      expect(rows[0]?.n).toBe(LIMIT);
    }
  });

  it("sends jobs (alone and inside a transaction) that pg-boss's workers run once each", async () => {
    const { getDb } = await import("@/lib/platform/server/db");
    const { sendJob } = await import("@/lib/platform/server/jobs/boss");
    const { startWorkers } = await import("@/lib/platform/server/jobs/worker");
    const runs = new Map<string, number>();
    const problems: string[] = [];
    const handler = (data: unknown) => {
      const { n } = data as { n: string };
      runs.set(n, (runs.get(n) ?? 0) + 1);
      return Promise.resolve();
    };
    const log = (line: string) => {
      if (/error|failed|unreachable/i.test(line)) problems.push(line);
    };
    // Two sets of workers competing for one queue (two processes' worth), polling through the pooler.
    const workers = await Promise.all(
      [1, 2].map(() => startWorkers({ handlers: { [QUEUES.webhook]: handler }, pollingIntervalSeconds: 0.5, log })),
    );
    try {
      const sent: string[] = [];
      for (let i = 0; i < 30; i++) {
        const n = `alone-${i}`;
        await sendJob(QUEUES.webhook, { n });
        sent.push(n);
      }
      for (let i = 0; i < 10; i++) {
        const n = `in-transaction-${i}`;
        await getDb().$transaction(async (tx) => {
          await tx.rateLimitBucket.create({ data: { key: `bouncer-job:${n}`, windowStart: new Date(0) } });
          await sendJob(QUEUES.webhook, { n }, {}, tx);
        });
        sent.push(n);
      }
      // A rolled-back transaction leaves no job behind.
      await getDb()
        .$transaction(async (tx) => {
          await sendJob(QUEUES.webhook, { n: "rolled-back" }, {}, tx);
          throw new Error("roll back");
        })
        .catch(() => undefined);
      await waitUntil("every job run", () => runs.size >= sent.length, 20_000).catch(() => undefined);
      // A job is completed only after its handler returned, and a completed job is never fetched
      // again: once none is left open, the counts below are final.
      const open = async () =>
        (
          await direct.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state <> 'completed'",
            [QUEUES.webhook],
          )
        ).rows[0]?.n;
      await waitUntil("every job completed", async () => (await open()) === 0, 20_000).catch(() => undefined);
      expect([...runs.keys()].sort()).toEqual([...sent].sort());
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await Promise.all(workers.map((w) => w.stop(5_000)));
    }
  });

  it("streams a CSV export inside its own transaction, with its timeouts set locally", async () => {
    const { csvStream } = await import("@/lib/console/server/csv-stream");
    const { getExportPool } = await import("@/lib/console/server/export-pool");
    const sql = `SELECT n, current_setting('statement_timeout') AS timeout FROM generate_series(1, 5000) AS n`;
    const text = await new Response(csvStream(getExportPool(), ["n", "timeout"], sql, [])).text();
    const lines = text.trim().split("\n");
    expect(lines).toHaveLength(5001);
    expect(lines[1]).toBe("1,15min");
    // The setting ended with the export's transaction: the next client of that server connection
    // gets the server's default.
    const { rows } = await getExportPool().query<{ timeout: string }>(
      "SELECT current_setting('statement_timeout') AS timeout",
    );
    expect(rows[0]?.timeout).toBe("0");
  });

  it("refuses the session `options` startup parameter the export pool used to send", async () => {
    const client = new pg.Client({ connectionString: bouncer.url(DATABASE), options: "-c statement_timeout=1000" });
    await expect(client.connect()).rejects.toThrow(/unsupported startup parameter/);
    await client.end().catch(() => undefined);
  });
});
