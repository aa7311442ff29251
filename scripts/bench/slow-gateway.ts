// npm run bench:slow-gateway — POST /api/track-action's latency while 20 checkouts wait on a payment
// provider that takes 5 s per call, on the app's one pool (10 connections). A checkout must not
// hold a pooled connection during the provider call; the integration test
// (tests/integration/payments/slow-gateway-pool.test.ts) proves that by counting connections, and
// this prints what it costs in milliseconds: p50/p99 before and during the wait, and their ratio.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { prepareDatabase } from "../lib/database";
import { enterStripeMode } from "../../tests/doubles/stripe-mode";

const LATENCY_MS = 5_000;
const CHECKOUTS = 20;
/** The figure the integration test once asserted; reported here, not enforced on a shared machine. */
const TARGET_P99_MS = 100;
const PEER_SECRET = "bench-slow-gateway-peer-secret-0123456789abcdef";

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function main(): Promise<void> {
  const baseDir = mkdtempSync(path.join(os.tmpdir(), "bench-slow-gateway-"));
  const server = await startEmbeddedPostgres({ baseDir, ephemeral: true, log: () => undefined });
  try {
    await prepareDatabase(server.url);
    // Configuration is read on first use: everything is set before the first route is imported.
    process.env.DATABASE_URL = server.url;
    process.env.SESSION_SECRET = "bench-slow-gateway-session-secret-0123456789";
    const { PEER_HEADER, PEER_SECRET_KEY, peerStamp } = await import("../../lib/platform/server/security/peer-stamp");
    (globalThis as Record<symbol, unknown>)[PEER_SECRET_KEY] = PEER_SECRET;
    const stripeMode = await enterStripeMode("whsec_bench_slow_gateway_0123456789");
    const createIntent = (await import("../../app/api/create-payment-intent/route")).POST;
    const trackAction = (await import("../../app/api/track-action/route")).POST;
    const { getPool, closeDb } = await import("../../lib/platform/server/db");

    let peer = 0;
    const post = (urlPath: string, body: unknown, cookie = "") => {
      peer += 1;
      return new Request(`http://localhost:3000${urlPath}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...{ [PEER_HEADER]: peerStamp(`198.19.${Math.floor(peer / 250) % 250}.${(peer % 250) + 1}`, PEER_SECRET) },
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      });
    };
    const timedEvent = async () => {
      const started = performance.now();
      const body = { sessionId: randomUUID(), step: 2, action: "button_click", data: { source: "bench" } };
      const response = await trackAction(post("/api/track-action", { ...body, timestamp: new Date().toISOString() }));
      if (response.status !== 202) throw new Error(`track-action answered ${response.status}`);
      return performance.now() - started;
    };
    const checkout = async () => {
      const contactId = randomUUID();
      const buyer = { contactId, email: `bench-${contactId}@example.com`, name: "Bench Buyer" };
      const body = { ...buyer, productId: "fast-forward-book", quantity: 1 };
      const response = await createIntent(post("/api/create-payment-intent", body));
      if (response.status !== 200) console.log(`create-payment-intent: ${response.status} ${await response.text()}`);
      return response.status;
    };

    // Warm both routes and the pool, then the figure without a slow provider.
    for (let i = 0; i < 5; i++) await timedEvent();
    await checkout();
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await timedEvent());

    stripeMode.double.setLatency(LATENCY_MS);
    const started = performance.now();
    const checkouts = Promise.all(Array.from({ length: CHECKOUTS }, checkout));
    let settled = false;
    void checkouts.finally(() => (settled = true));
    const waiting: number[] = [];
    let poolWaiters = 0;
    await Promise.all(
      Array.from({ length: 2 }, async () => {
        while (!settled) {
          await sleep(10);
          const allAtProvider = stripeMode.double.inFlight() === CHECKOUTS;
          const latency = await timedEvent();
          if (allAtProvider && !settled) {
            waiting.push(latency);
            poolWaiters = Math.max(poolWaiters, getPool().waitingCount);
          }
        }
      }),
    );
    const statuses = await checkouts;
    const elapsed = performance.now() - started;
    stripeMode.double.setLatency(0);

    const p99 = percentile(waiting, 0.99);
    const idleP99 = percentile(idle, 0.99);
    console.log(
      `checkouts: ${statuses.filter((s) => s === 200).length}/${CHECKOUTS} answered 200 in ${Math.round(elapsed)} ms`,
    );
    console.log("| track-action | calls | p50 ms | p99 ms |");
    console.log("| --- | ---: | ---: | ---: |");
    console.log(`| no slow provider | ${idle.length} | ${percentile(idle, 0.5).toFixed(1)} | ${idleP99.toFixed(1)} |`);
    console.log(
      `| all ${CHECKOUTS} checkouts at the provider | ${waiting.length} | ${percentile(waiting, 0.5).toFixed(1)} | ${p99.toFixed(1)} |`,
    );
    console.log(
      `p99 during the wait / p99 without: ${(p99 / idleP99).toFixed(2)}; pool waiters at most ${poolWaiters}`,
    );
    console.log(`p99 during the wait ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? "yes" : "NO"}`);

    await stripeMode.leave();
    await closeDb();
  } finally {
    await server.stop();
    rmSync(baseDir, { recursive: true, force: true });
  }
}

await main();
