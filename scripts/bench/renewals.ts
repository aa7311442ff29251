// npm run bench:renewals — the demo billing run over BENCH_SUBSCRIPTIONS (10,000) paid demo seat
// subscriptions whose period ended (a tenth on a declining card): the time one worker takes to bill
// them all, then the time two workers take together on another such set. A throw-away embedded
// PostgreSQL; the subscriptions are seeded set-wise, not timed.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { prepareDatabase } from "../lib/database";

const COUNT = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const SEED_CHUNK = 2_000;

async function seed(): Promise<void> {
  const { seedDueDemoSubscriptions } = await import("../../tests/support/demo-renewals");
  for (let done = 0; done < COUNT; done += SEED_CHUNK) {
    const size = Math.min(SEED_CHUNK, COUNT - done);
    await seedDueDemoSubscriptions(size, { declining: Math.floor(size / 10) });
  }
}

async function timedRun(workers: number) {
  const { renewDemoSubscriptions } = await import("../../lib/payments/server/renew-demo-subscriptions");
  await seed();
  const started = performance.now();
  const runs = await Promise.all(Array.from({ length: workers }, () => renewDemoSubscriptions()));
  const ms = performance.now() - started;
  const billed = runs.reduce((n, r) => n + r.paid + r.failed, 0);
  if (billed !== COUNT) throw new Error(`billed ${billed} of ${COUNT}`);
  return { workers, ms, batches: runs.reduce((n, r) => n + r.batches, 0) };
}

async function main(): Promise<void> {
  const baseDir = mkdtempSync(path.join(os.tmpdir(), "bench-renewals-"));
  const server = await startEmbeddedPostgres({ baseDir, ephemeral: true, log: () => undefined });
  try {
    await prepareDatabase(server.url);
    Object.assign(process.env, {
      DATABASE_URL: server.url,
      SESSION_SECRET: "bench-renewals-session-secret-0123456789",
      LOG_LEVEL: "warn",
    });
    const results = [await timedRun(1), await timedRun(2)];
    console.log(`demo billing run, ${COUNT.toLocaleString("en-US")} due subscriptions (10% declining):`);
    for (const r of results) {
      const perSecond = Math.round((COUNT / r.ms) * 1000);
      console.log(
        `  ${r.workers} worker${r.workers === 1 ? " " : "s"}: ${(r.ms / 1000).toFixed(2)} s, ` +
          `${perSecond.toLocaleString("en-US")} subscriptions/s, ${r.batches} batches`,
      );
    }
    const { closeDb } = await import("../../lib/platform/server/db");
    await closeDb();
  } finally {
    await server.stop();
    rmSync(baseDir, { recursive: true, force: true });
  }
}

await main();
