import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { readQueueState } from "@/lib/platform/server/jobs/read-queue-state";
import { QUEUES } from "@/lib/platform/shared/queues";
import { consoleHealth, HEALTH_CACHE_MS, resetHealthCache } from "@/lib/console/server/health-report";
import { archiveJob, insertJob } from "@/tests/support/jobs";

// The health strip's reads: the worker's heartbeat, the due jobs and the last reconciliation sweep
// in one query against pg-boss's tables; cached briefly per instance; a failed read is an item,
// never a broken page. The integration setup has no Stripe or Resend key and the sample video.

const sql = (text: string) => getDb().$executeRawUnsafe(text);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const near = (actual: Date | null, expected: Date) =>
  expect(Math.abs((actual?.getTime() ?? 0) - expected.getTime())).toBeLessThan(5_000);

async function queueAsTested(options: { workerMinutesAgo: number; sweepMinutesAgo: number }) {
  await sql(`DELETE FROM pgboss.job WHERE name IN ('${QUEUES.email}', '${QUEUES.reconcile}')`);
  await sql(`DELETE FROM pgboss.archive WHERE name = '${QUEUES.reconcile}'`);
  await sql(
    `UPDATE pgboss.version SET cron_on = now() - interval '${options.workerMinutesAgo} minutes',
       maintained_on = now() - interval '${options.workerMinutesAgo + 1} minutes'`,
  );
  const due = await insertJob({ name: QUEUES.email, state: "created", ageDays: 0 });
  await sql(`UPDATE pgboss.job SET start_after = now() - interval '8 minutes' WHERE id = '${due}'`);
  // A retry waiting for its time has not come due yet.
  const later = await insertJob({ name: QUEUES.email, state: "created", ageDays: 0 });
  await sql(`UPDATE pgboss.job SET start_after = now() + interval '1 hour' WHERE id = '${later}'`);
  await insertJob({ name: QUEUES.reconcile, state: "completed", ageDays: options.sweepMinutesAgo / 1440 });
}

afterEach(() => resetHealthCache());

describe("console health reads", () => {
  it("reads the worker's heartbeat, the jobs due and the last sweep", async () => {
    await queueAsTested({ workerMinutesAgo: 10, sweepMinutesAgo: 47 });
    const state = await readQueueState();
    near(state.workerSeenAt, minutesAgo(10));
    expect(state.dueJobs).toBe(1);
    near(state.oldestDueAt, minutesAgo(8));
    near(state.sweepCompletedAt, minutesAgo(47));
    // The test database's queue set-up wrote the sweep's schedule.
    expect(state.sweepScheduledAt).toBeInstanceOf(Date);
  });

  it("finds the last sweep in the archive once pg-boss has moved it there", async () => {
    await queueAsTested({ workerMinutesAgo: 1, sweepMinutesAgo: 30 });
    const [job] = await getDb().$queryRawUnsafe<{ id: string }[]>(
      `SELECT id::text FROM pgboss.job WHERE name = '${QUEUES.reconcile}'`,
    );
    await archiveJob(job!.id);
    near((await readQueueState()).sweepCompletedAt, minutesAgo(30));
  });

  it("lists what the configuration and the queue imply, and the address when it is not SITE_URL's", async () => {
    await queueAsTested({ workerMinutesAgo: 10, sweepMinutesAgo: 47 });
    const items = await consoleHealth(new Headers({ host: "127.0.0.1:3000" }));
    expect(items.map((item) => item.id)).toEqual([
      "site-url",
      "worker",
      "queue-backlog",
      "reconcile",
      "demo-payments",
      "email-logged",
      "sample-video",
    ]);
    expect(items.find((item) => item.id === "reconcile")?.detail).toContain("completed 47 minutes ago");
    const atSiteUrl = await consoleHealth(new Headers({ host: "localhost:3000" }));
    expect(atSiteUrl.map((item) => item.id)).not.toContain("site-url");
  });

  it("reads the queue at most once per cache period", async () => {
    await queueAsTested({ workerMinutesAgo: 10, sweepMinutesAgo: 47 });
    const start = Date.now();
    const ids = async (now: number) =>
      (await consoleHealth(new Headers({ host: "localhost:3000" }), now)).map((item) => item.id);
    expect(await ids(start)).toContain("worker");
    await sql(`UPDATE pgboss.version SET cron_on = now(), maintained_on = now()`);
    expect(await ids(start + HEALTH_CACHE_MS - 1)).toContain("worker");
    expect(await ids(start + HEALTH_CACHE_MS)).not.toContain("worker");
  });

  it("a failed read is one item and the page still renders", async () => {
    await sql(`ALTER TABLE pgboss.version RENAME TO version_away`);
    try {
      const items = await consoleHealth(new Headers({ host: "localhost:3000" }));
      expect(items.map((item) => item.id)).toEqual([
        "queue-unreadable",
        "demo-payments",
        "email-logged",
        "sample-video",
      ]);
    } finally {
      await sql(`ALTER TABLE pgboss.version_away RENAME TO version`);
    }
  });
});
