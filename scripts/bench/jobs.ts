// npm run bench:jobs: 10,000 e-mails through the queue with one and two workers, against direct
// SDK sends; checks each reached the Resend double exactly once.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Resend } from "resend";
import { startResendDouble, type ResendDouble } from "../../tests/doubles/resend-api";
import { prepareDatabase } from "../lib/database";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { ROOT } from "../lib/migrations";
import { WORKER_ARGS } from "../lib/worker-command";

const MESSAGES = Number(process.argv[2] ?? 10_000);
const SEND_CONCURRENCY = 8;
const dataDir = path.join(ROOT, ".bench-jobs-data");
const log = (line: string) => console.log(`[bench:jobs] ${line}`);

async function inParallel(total: number, width: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

async function baseline(resend: ResendDouble): Promise<number> {
  const client = new Resend("re_bench", { baseUrl: resend.url });
  const started = performance.now();
  await inParallel(MESSAGES, SEND_CONCURRENCY, async (i) => {
    const { error } = await client.emails.send(
      { from: "bench@example.com", to: `b${i}@example.com`, subject: "Hi", html: "<p>Hi</p>", text: "Hi" },
      { idempotencyKey: `baseline/${i}` },
    );
    if (error) throw new Error(error.message);
  });
  return MESSAGES / ((performance.now() - started) / 1000);
}

function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, WORKER_ARGS, { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  child.stdout?.resume();
  return child;
}

async function main(): Promise<void> {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const db = await startEmbeddedPostgres({ baseDir: dataDir, log, ephemeral: true });
  const resend = await startResendDouble();
  const workers: ChildProcess[] = [];
  try {
    await prepareDatabase(db.url);
    process.env.DATABASE_URL = db.url;
    const { enqueueEmail } = await import("../../lib/platform/server/mail/mailer");
    const { getPool, closeDb } = await import("../../lib/platform/server/db");
    const env = {
      ...process.env,
      DATABASE_URL: db.url,
      RESEND_API_KEY: "re_bench",
      RESEND_BASE_URL: resend.url,
      SESSION_SECRET: "bench-jobs-session-secret-0123456789abcdef",
    };

    log(`baseline: ${MESSAGES} sends straight to the Resend double, ${SEND_CONCURRENCY} at a time…`);
    const baseRate = await baseline(resend);
    const results: Record<string, number | boolean | string> = {
      messages: MESSAGES,
      baselinePerSec: Math.round(baseRate),
    };

    for (const count of [1, 2]) {
      const label = `${count} worker${count > 1 ? "s" : ""}`;
      const enqueueStart = performance.now();
      await inParallel(MESSAGES, 20, (i) =>
        enqueueEmail({
          template: "welcome",
          to: `r${count}-${i}@example.com`,
          subject: "Hi",
          html: "<p>Hi</p>",
          text: "Hi",
        }),
      );
      const enqueueRate = MESSAGES / ((performance.now() - enqueueStart) / 1000);
      log(`${label}: ${MESSAGES} queued (${Math.round(enqueueRate)}/s); delivering…`);
      const sentBefore = await sentCount();
      const started = performance.now();
      for (let i = 0; i < count; i++) workers.push(startWorker(env));
      while ((await sentCount()) - sentBefore < MESSAGES) await new Promise((r) => setTimeout(r, 100));
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(workers.splice(0).map(async (w) => (w.kill("SIGTERM"), once(w, "exit"))));
      const rate = MESSAGES / seconds;
      results[`enqueuePerSec_${count}`] = Math.round(enqueueRate);
      results[`deliveredPerSec_${count}`] = Math.round(rate);
      results[`ratioToBaseline_${count}`] = Number((rate / baseRate).toFixed(3));
      log(`${label}: ${MESSAGES} delivered in ${seconds.toFixed(1)} s = ${Math.round(rate)}/s (start-up included)`);
    }
    results.ratioTwoToOne = Number((Number(results.deliveredPerSec_2) / Number(results.deliveredPerSec_1)).toFixed(3));

    const queued = [...resend.deliveries.entries()].filter(([key]) => key.startsWith("outgoing-email/"));
    const duplicates = queued.filter(([, n]) => n !== 1).length;
    const { rows } = await getPool().query<{ status: string; n: string }>(
      "SELECT status, count(*) AS n FROM outgoing_emails GROUP BY status",
    );
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    results.distinctMessagesAtResend = queued.length;
    results.messagesSentTwice = duplicates;
    results.exactlyOnce = queued.length === 2 * MESSAGES && duplicates === 0 && byStatus.SENT === 2 * MESSAGES;
    log(`rows by status: ${JSON.stringify(byStatus)}`);
    console.log(JSON.stringify(results));
    await closeDb();
    if (!results.exactlyOnce) process.exitCode = 1;

    async function sentCount(): Promise<number> {
      const { rows: sent } = await getPool().query<{ n: string }>(
        "SELECT count(*) AS n FROM outgoing_emails WHERE status = 'SENT'",
      );
      return Number(sent[0]?.n ?? 0);
    }
  } finally {
    for (const w of workers) w.kill("SIGKILL");
    await resend.close();
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
