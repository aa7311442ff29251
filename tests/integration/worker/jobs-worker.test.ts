import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_SCHEMA, QUEUES } from "@/lib/platform/shared/queues";
import { startResendDouble, type ResendDouble } from "../../doubles/resend-api";
import { freshDatabase } from "@/tests/support/db";
import { waitUntil } from "@/tests/support/wait";
import { startWorkerProcess, type WorkerProcess } from "@/tests/support/worker-process";
import { startRelay } from "@/tests/support/tcp-relay";

// The worker as a process (npm run worker), killed and restarted. Each test has a database of its
// own, so no other test's jobs reach these workers and no worker here takes theirs.

const started: WorkerProcess[] = [];
const doubles: ResendDouble[] = [];

/** A migrated database of its own, and a connection to it. */
async function openFreshDatabase(): Promise<{ url: string; db: pg.Client }> {
  const { url } = await freshDatabase();
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return { url, db };
}

/** What enqueueEmail does, on this database: the row and its delivery job in one transaction. */
async function enqueue(db: pg.Client, count: number): Promise<string[]> {
  const boss = bossOn(db);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    await db.query("BEGIN");
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO outgoing_emails (id, template, recipient, subject, html, text)
       VALUES (gen_random_uuid(), 'welcome', $1, 'Hi', '<p>Hi</p>', 'Hi') RETURNING id`,
      [`reader${i}@example.com`],
    );
    const id = rows[0]!.id;
    await boss.send(QUEUES.email, { emailId: id });
    await db.query("COMMIT");
    ids.push(id);
  }
  return ids;
}

function bossOn(db: pg.Client): PgBoss {
  return new PgBoss({ db: { executeSql: (text, values) => db.query(text, values) }, schema: JOB_SCHEMA });
}

async function statuses(db: pg.Client): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: string }>(
    "SELECT status, count(*) AS n FROM outgoing_emails GROUP BY status",
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** A Resend double, closed after the file. */
async function resendDouble(options?: Parameters<typeof startResendDouble>[0]): Promise<ResendDouble> {
  const resend = await startResendDouble(options);
  doubles.push(resend);
  return resend;
}

/** `npm run worker` on the database, sending through the double; killed after the file if it still runs. */
async function workerOn(databaseUrl: string, resend: ResendDouble): Promise<WorkerProcess> {
  const worker = await startWorkerProcess({
    DATABASE_URL: databaseUrl,
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: resend.url,
  });
  started.push(worker);
  return worker;
}

afterAll(async () => {
  for (const worker of started) if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
  for (const double of doubles) await double.close();
});

/** A database of the calling describe block's own, created before its tests and closed after. */
function ownDatabase(name: string): { readonly db: pg.Client; readonly url: string } {
  let current: { url: string; db: pg.Client } | undefined;
  beforeAll(async () => {
    current = await openFreshDatabase();
  });
  afterAll(() => current?.db.end());
  const ready = () => {
    if (!current) throw new Error(`database ${name} is not ready`);
    return current;
  };
  return {
    get db() {
      return ready().db;
    },
    get url() {
      return ready().url;
    },
  };
}

describe("npm run worker, killed and restarted", () => {
  const own = ownDatabase("jobs_crash");

  it("SIGKILL between enqueue and send, even mid-send: after a restart every message is sent exactly once", async () => {
    // The 6th request is received (so Resend has it) but never answered: the worker dies waiting.
    const resend = await resendDouble({ hold: (n) => n === 6 });
    const ids = await enqueue(own.db, 5);
    const first = await workerOn(own.url, resend);
    await waitUntil("the first five sent", async () => (await statuses(own.db)).SENT === 5);
    const more = await enqueue(own.db, 5);
    await waitUntil("the held request", () => resend.held() === 1);
    first.child.kill("SIGKILL");
    await first.exited;
    // Killed mid-send: the held message is SENDING; the rest of its batch may be anywhere between
    // fetched and sent, their jobs all "active" with a dead worker.
    const atKill = await statuses(own.db);
    expect(atKill.SENDING).toBeGreaterThanOrEqual(1);
    expect(atKill.SENT).toBeLessThan(10);
    // Queued while no worker runs: they wait in the queue.
    const later = await enqueue(own.db, 5);

    // The killed worker's jobs stay "active" until they expire (2 minutes) and pg-boss's
    // maintenance retries them after a back-off; stand in for those minutes by moving their clock.
    await own.db.query(
      `UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE name = 'email-send' AND state = 'active'`,
    );
    await bossOn(own.db).expire();
    await own.db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'email-send' AND state = 'retry'`);
    const second = await workerOn(own.url, resend);
    await waitUntil("every message sent", async () => (await statuses(own.db)).SENT === 15);

    expect(await statuses(own.db)).toEqual({ SENT: 15 });
    // The interrupted ones reached "Resend" twice, with the same idempotency key: one e-mail each.
    expect(resend.requests()).toBeGreaterThan(15);
    expect(resend.requests()).toBeLessThanOrEqual(15 + 5);
    expect([...resend.deliveries.values()]).toEqual(Array(15).fill(1));
    expect(new Set(resend.deliveries.keys())).toEqual(
      new Set([...ids, ...more, ...later].map((id) => `outgoing-email/${id}`)),
    );
    second.child.kill("SIGTERM");
    expect(await second.exited).toEqual([143, null]);
  }, 120_000);
});

describe("npm run worker on SIGTERM", () => {
  const own = ownDatabase("jobs_drain");

  it("stops fetching, lets the running sends finish, then exits", async () => {
    const resend = await resendDouble({ delayMs: 2_000 });
    const worker = await workerOn(own.url, resend);
    await enqueue(own.db, 3);
    await waitUntil("the sends under way", () => resend.requests() === 3);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toEqual([143, null]);
    expect(await statuses(own.db)).toEqual({ SENT: 3 });
    const { rows } = await own.db.query<{ state: string }>("SELECT state FROM pgboss.job WHERE name = 'email-send'");
    expect(rows.map((r) => r.state)).toEqual(["completed", "completed", "completed"]);
    expect(worker.output()).toMatch(/stopped/);
  }, 60_000);
});

describe("npm run worker with the database down", () => {
  const own = ownDatabase("jobs_db_down");

  it("backs off while it is unreachable and resumes by itself when it returns", async () => {
    const resend = await resendDouble();
    const relay = await startRelay(new URL(own.url));
    const worker = await workerOn(relay.url, resend);
    await enqueue(own.db, 2);
    await waitUntil("the first messages", async () => (await statuses(own.db)).SENT === 2);

    relay.down();
    await enqueue(own.db, 3);
    await worker.waitForOutput(/database unreachable/, 20_000);
    // Connections it tried again during the outage, refused: it keeps trying instead of exiting.
    await waitUntil("attempts during the outage", () => relay.refused() >= 3, 45_000);
    expect(worker.child.exitCode, worker.output()).toBeNull();
    expect((await statuses(own.db)).SENT).toBe(2);

    relay.up();
    // The pause after a run of failures is at most 30 s; no restart needed.
    await waitUntil("the messages queued during the outage", async () => (await statuses(own.db)).SENT === 5, 45_000);
    expect(worker.child.exitCode).toBeNull();
    expect(worker.output()).toMatch(/database reachable again after \d+ failed statements/);
    expect([...resend.deliveries.values()]).toEqual(Array(5).fill(1));
    worker.child.kill("SIGTERM");
    await worker.exited;
    await relay.close();
  }, 120_000);
});

describe("two worker processes on one queue", () => {
  const own = ownDatabase("jobs_two_workers");

  it("share the messages and never send one twice", async () => {
    const resend = await resendDouble({ delayMs: 5 });
    const workers = await Promise.all([workerOn(own.url, resend), workerOn(own.url, resend)]);
    const ids = await enqueue(own.db, 200);
    await waitUntil("every message sent", async () => (await statuses(own.db)).SENT === 200, 60_000).catch(
      async (error: Error) => {
        const jobs = await own.db.query("SELECT state, count(*) FROM pgboss.job GROUP BY state");
        throw new Error(
          `${error.message}: ${JSON.stringify(await statuses(own.db))} ${JSON.stringify(jobs.rows)} requests=${resend.requests()}\n${workers.map((w) => w.output()).join("\n---\n")}`,
        );
      },
    );
    expect(resend.requests()).toBe(200);
    expect(new Set(resend.deliveries.keys())).toEqual(new Set(ids.map((id) => `outgoing-email/${id}`)));
    expect([...resend.deliveries.values()].every((n) => n === 1)).toBe(true);
    for (const worker of workers) worker.child.kill("SIGTERM");
    await Promise.all(workers.map((w) => w.exited));
  }, 120_000);
});

describe("a message that keeps failing", () => {
  const own = ownDatabase("jobs_dead_letter");

  it("ends FAILED with its reason and in the dead letter after 6 attempts, and blocks no other message", async () => {
    const resend = await resendDouble({ refuse: (to) => to === "reader0@example.com" });
    const worker = await workerOn(own.url, resend);
    const [doomed] = await enqueue(own.db, 4);
    await waitUntil("the other three sent", async () => (await statuses(own.db)).SENT === 3);
    // Each retry waits 2, 4, 8… minutes; skip the waits, not the attempts.
    await waitUntil(
      "six attempts",
      async () => {
        await own.db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'email-send' AND state = 'retry'`);
        const { rows } = await own.db.query<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = 'email-send' AND data->>'emailId' = $1`,
          [doomed],
        );
        return rows[0]?.state === "failed";
      },
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${worker.output()}`);
    });
    const { rows } = await own.db.query<{ status: string; attempts: number; error: string }>(
      "SELECT status, attempts, error FROM outgoing_emails WHERE id = $1",
      [doomed],
    );
    expect(rows[0]).toMatchObject({ status: "FAILED", attempts: 6 });
    expect(rows[0]?.error).toContain("Invalid `to` field.");
    const dead = await own.db.query("SELECT data FROM pgboss.job WHERE name = 'dead-letter'");
    expect(dead.rows).toEqual([{ data: { emailId: doomed } }]);
    expect(await statuses(own.db)).toEqual({ SENT: 3, FAILED: 1 });
    worker.child.kill("SIGTERM");
    await worker.exited;
  }, 120_000);
});
