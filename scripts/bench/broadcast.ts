// npm run bench:broadcast — a broadcast to BENCH_BROADCAST_LEADS (100,000) confirmed leads seeded
// set-wise in a throw-away embedded PostgreSQL: the preview's count (beside the leads list's own
// count of the same leads, the baseline), queueing the audience (one INSERT … SELECT), then
// BENCH_BROADCAST_SEND (10,000) of them sent by two senders at once through the real batch sender
// and delivered to the local Resend double by 4 delivery loops, with RSS sampled during the send.
// The broadcast's rate is set to the maximum: at the default of 100 a minute 10,000 take 1 h 40 min.
// Also: rendering once per broadcast against rendering per lead, for 500 messages.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { prepareDatabase } from "../lib/database";
import { startResendDouble } from "../../tests/doubles/resend-api";

const LEADS = Number(process.env.BENCH_BROADCAST_LEADS ?? 100_000);
const SEND = Math.min(LEADS, Number(process.env.BENCH_BROADCAST_SEND ?? 10_000));
const SENDERS = 2;
const DELIVERERS = 4;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString("en-US")}/s`;

async function seed(): Promise<void> {
  const { getDb } = await import("../../lib/platform/server/db");
  // Slices, each inside the pool's 5-second query timeout on a busy machine.
  for (let from = 1; from <= LEADS; from += 10_000) {
    const to = Math.min(LEADS, from + 9_999);
    await getDb().$executeRawUnsafe(
      `INSERT INTO prospects (id, email, name, first_name, last_name, first_utm_source, updated_at)
       SELECT gen_random_uuid(), 'lead-' || i || '@example.com', 'Lead ' || i, 'Lead', i::text,
              CASE WHEN i % 2 = 0 THEN 'news' ELSE 'ads' END, now()
         FROM generate_series($1::int, $2::int) i`,
      from,
      to,
    );
    await getDb().$executeRawUnsafe(
      `INSERT INTO outgoing_emails (id, template, recipient, subject, html, text, status, prospect_id, sent_at)
       SELECT gen_random_uuid(), 'welcome', p.email, 'Welcome', '', '', 'LOGGED', p.id, now()
         FROM prospects p WHERE p.email = ANY(ARRAY(SELECT 'lead-' || i || '@example.com' FROM generate_series($1::int, $2::int) i))`,
      from,
      to,
    );
  }
  await getDb().$executeRawUnsafe("ANALYZE");
}

async function renderBaseline(): Promise<{ once: number; each: number }> {
  const { prepareBroadcastEmail } = await import("../../lib/lifecycle/server/render-broadcast-email");
  const { renderMarketingEmail, siteLinks } = await import("../../lib/lifecycle/server/render-marketing-email");
  const draft = { subject: "News for {{first_name|you}}", preheader: "Spring", markdown: BODY };
  const names = (i: number) => ({ first_name: `Lead${i}`, last_name: "X", full_name: `Lead${i} X` });
  let started = performance.now();
  const render = await prepareBroadcastEmail(draft);
  for (let i = 0; i < 500; i++) render(names(i));
  const once = performance.now() - started;
  started = performance.now();
  for (let i = 0; i < 500; i++) await renderMarketingEmail(draft, { ...names(i), ...siteLinks() });
  return { once, each: performance.now() - started };
}

const BODY = `Hello {{first_name|there}},

Spring brings **three** new chapters:

- one on [pricing](/free-download)
- one on hiring
- one on [booking calls]({{booking_url}})

See you soon.`;

async function main(): Promise<void> {
  const baseDir = mkdtempSync(path.join(os.tmpdir(), "bench-broadcast-"));
  const server = await startEmbeddedPostgres({ baseDir, ephemeral: true, log: () => undefined });
  const resend = await startResendDouble();
  try {
    await prepareDatabase(server.url);
    Object.assign(process.env, {
      DATABASE_URL: server.url,
      SESSION_SECRET: "bench-broadcast-session-secret-0123456789",
      RESEND_API_KEY: "re_bench_key",
      RESEND_BASE_URL: resend.url,
      LOG_LEVEL: "warn",
    });
    const { getDb, closeDb } = await import("../../lib/platform/server/db");
    const { countBroadcastAudience } = await import("../../lib/lifecycle/server/count-broadcast-audience");
    const { leadMatchSql } = await import("../../lib/leads/server/lead-filter-sql");
    const { saveBroadcast } = await import("../../lib/lifecycle/server/save-broadcast");
    const { scheduleBroadcast } = await import("../../lib/lifecycle/server/schedule-broadcast");
    const { cancelBroadcast } = await import("../../lib/lifecycle/server/cancel-broadcast");
    const { queueNextDueBroadcast } = await import("../../lib/lifecycle/server/queue-broadcast");
    const { sendBroadcastBatch } = await import("../../lib/lifecycle/server/send-broadcast-batch");
    const { deliverEmail } = await import("../../lib/platform/server/mail/deliver-email");
    const { MAX_RATE_PER_MINUTE } = await import("../../lib/lifecycle/shared/broadcast-input");

    let started = performance.now();
    await seed();
    console.log(
      `broadcast, ${LEADS.toLocaleString("en-US")} confirmed leads (seeded in ${seconds(performance.now() - started)}):`,
    );

    const list = leadMatchSql({});
    started = performance.now();
    await getDb().$queryRawUnsafe(`SELECT count(*) FROM (${list.sql}) l`, ...list.params);
    const listMs = performance.now() - started;
    started = performance.now();
    const audience = await countBroadcastAudience({});
    const countMs = performance.now() - started;
    console.log(
      `  preview count: ${audience.toLocaleString("en-US")} in ${seconds(countMs)} (leads list's count, baseline: ${seconds(listMs)})`,
    );

    const editor = { operatorId: "bench" };
    const input = {
      name: "Bench",
      subject: "News for {{first_name|you}}",
      preheader: "Spring",
      body: BODY,
      segment: {},
    };
    const id = await saveBroadcast(null, { ...input, ratePerMinute: MAX_RATE_PER_MINUTE }, editor);
    await scheduleBroadcast(id, { at: null }, editor);
    started = performance.now();
    const queued = await queueNextDueBroadcast(new Date());
    const queueMs = performance.now() - started;
    if (queued?.audience !== audience) throw new Error(`queued ${queued?.audience} of ${audience}`);
    console.log(
      `  queue (INSERT … SELECT, slices of 5,000): ${audience.toLocaleString("en-US")} recipients in ${seconds(queueMs)}, ${rate(audience, queueMs)}`,
    );

    // Sending: two senders take batches until SEND e-mails are queued; the deliverers post them.
    let sent = 0;
    const rss: { at: number; rss: number; heap: number; live: number | null }[] = [];
    let sending = true;
    // At 10 % and 90 % of the send, the heap is also read after a full collection (the npm script
    // passes --expose-gc): what is still reachable, which a leak would make grow.
    const marks = [0.1, 0.9].map((share) => SEND * share);
    const liveHeap = () => {
      if (typeof global.gc !== "function") return null;
      global.gc();
      return process.memoryUsage().heapUsed;
    };
    const sender = async () => {
      while (sent < SEND) {
        const result = await sendBroadcastBatch(new Date(), [], Math.min(100, SEND - sent));
        if (result.kind !== "sent") break;
        const before = sent;
        sent += result.sent;
        const { rss: resident, heapUsed } = process.memoryUsage();
        const crossed = marks.some((mark) => before < mark && sent >= mark);
        rss.push({ at: sent, rss: resident, heap: heapUsed, live: crossed ? liveHeap() : null });
      }
    };
    // One poller hands each queued row to one deliverer, as pg-boss hands a job to one worker.
    let delivered = 0;
    const handed = new Set<string>();
    const ready: string[] = [];
    const poller = async () => {
      while (sending || ready.length > 0 || delivered < sent) {
        const rows = await getDb().$queryRawUnsafe<{ id: string }[]>(
          `SELECT id FROM outgoing_emails WHERE broadcast_id = $1::uuid AND status = 'QUEUED' LIMIT 500`,
          id,
        );
        for (const row of rows) {
          if (handed.has(row.id)) continue;
          handed.add(row.id);
          ready.push(row.id);
        }
        // The double keeps every body it accepted; in this process that would be counted as ours.
        resend.bodies.clear();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const deliverer = async () => {
      while (sending || ready.length > 0 || delivered < sent) {
        const next = ready.shift();
        if (!next) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          continue;
        }
        await deliverEmail(next);
        delivered += 1;
      }
    };
    started = performance.now();
    const deliveries = Promise.all([poller(), ...Array.from({ length: DELIVERERS }, deliverer)]);
    await Promise.all(Array.from({ length: SENDERS }, sender));
    const sendMs = performance.now() - started;
    sending = false;
    await deliveries;
    const deliverMs = performance.now() - started;
    await cancelBroadcast(id, editor);
    const sample = (share: number) => rss.find((s) => s.at >= SEND * share) ?? { rss: 0, heap: 0, live: null };
    console.log(
      `  send (${SENDERS} senders, rate ${MAX_RATE_PER_MINUTE.toLocaleString("en-US")}/min): ${sent.toLocaleString("en-US")} queued in ${seconds(sendMs)}, ${rate(sent, sendMs)}`,
    );
    console.log(
      `  delivered to the Resend double (${DELIVERERS} loops): ${delivered.toLocaleString("en-US")} in ${seconds(deliverMs)}, ${rate(delivered, deliverMs)}; requests ${resend.requests()}`,
    );
    const [early, late] = [sample(0.1), sample(0.9)];
    console.log(
      `  RSS at 10% of the send ${mb(early.rss)}, at 90% ${mb(late.rss)}, ratio ${(late.rss / early.rss).toFixed(2)}; ` +
        `heap used ${mb(early.heap)} → ${mb(late.heap)}` +
        (early.live && late.live
          ? `; live heap after a full GC ${mb(early.live)} → ${mb(late.live)}, ratio ${(late.live / early.live).toFixed(2)}`
          : ""),
    );

    const render = await renderBaseline();
    console.log(
      `  render 500 messages: once per broadcast ${seconds(render.once)}, per lead (baseline) ${seconds(render.each)}`,
    );
    await closeDb();
  } finally {
    await resend.close();
    await server.stop();
    rmSync(baseDir, { recursive: true, force: true });
  }
}

await main();
