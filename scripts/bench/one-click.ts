// npm run bench:one-click — a one-click charge on a saved card (chargeSavedCard: off-session,
// confirmed at once) beside a first card payment (create the intent, then confirm it as the card
// form or Stripe.js does), p50 and p95 of each, in the same run, rounds interleaved. Demo gateway
// in this process; Stripe mode (stripe-node against the Stripe API double) in a child process,
// since configuration is read once per process. BENCH_ROUNDS (200) sets the rounds per gateway.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { prepareDatabase } from "../lib/database";
import { enterStripeMode } from "../../tests/doubles/stripe-mode";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARM_UP = 10;
const PEER_SECRET = "bench-one-click-peer-secret-0123456789abcdef";
const CHILD_FLAG = "--stripe-child";

type Timings = { gateway: "demo" | "stripe"; first: number[]; oneClick: number[] };

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function timed<T>(call: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await call();
  return [performance.now() - started, result];
}

/** One gateway's rounds: each pays a first order saving the card, then charges it in one click. */
async function rounds(gatewayName: "demo" | "stripe", confirmFirst: (clientSecret: string) => Promise<void>) {
  const { getGateway } = await import("../../lib/payments/server/select-gateway");
  const gateway = getGateway();
  if (gateway.name !== gatewayName) throw new Error(`expected the ${gatewayName} gateway, got ${gateway.name}`);
  const timings: Timings = { gateway: gatewayName, first: [], oneClick: [] };
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const [firstMs, created] = await timed(async () => {
      const payment = await gateway.createPayment({
        orderId: randomUUID(),
        amount: 700,
        currency: "usd",
        description: "Fast Forward (book)",
        email: `bench-${round}@example.com`,
        name: "Bench Buyer",
        idempotencyKey: `bench-first:${randomUUID()}`,
        metadata: {},
        saveCard: true,
      });
      await confirmFirst(payment.clientSecret);
      return payment;
    });
    const card = await gateway.savedCard(created.paymentIntentId);
    if (!card) throw new Error("the first payment saved no card");
    const [oneClickMs, charge] = await timed(() =>
      gateway.chargeSavedCard({
        orderId: randomUUID(),
        amount: 49_700,
        currency: "usd",
        description: "AI Step by Step (course)",
        card,
        idempotencyKey: `bench-offer:${randomUUID()}`,
        metadata: {},
      }),
    );
    if (charge.outcome !== "succeeded") throw new Error(`one-click charge: ${charge.outcome}`);
    if (round >= WARM_UP) {
      timings.first.push(firstMs);
      timings.oneClick.push(oneClickMs);
    }
  }
  return timings;
}

async function demoRounds(): Promise<Timings> {
  const { PEER_HEADER, PEER_SECRET_KEY, peerStamp } = await import("../../lib/platform/server/security/peer-stamp");
  (globalThis as Record<symbol, unknown>)[PEER_SECRET_KEY] = PEER_SECRET;
  const confirm = (await import("../../app/api/demo-payments/confirm/route")).POST;
  let peer = 0;
  return rounds("demo", async (clientSecret) => {
    peer += 1;
    const response = await confirm(
      new Request("http://localhost:3000/api/demo-payments/confirm", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [PEER_HEADER]: peerStamp(`198.19.${Math.floor(peer / 250) % 250}.${(peer % 250) + 1}`, PEER_SECRET),
        },
        body: JSON.stringify({ clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" } }),
      }),
    );
    if (response.status !== 200) throw new Error(`demo confirm answered ${response.status}`);
  });
}

async function stripeRounds(): Promise<Timings> {
  const stripeMode = await enterStripeMode("whsec_bench_one_click_0123456789");
  try {
    // Stripe.js's confirmation of the Payment Element: the publishable key and the client secret.
    return await rounds("stripe", async (clientSecret) => {
      const id = clientSecret.split("_secret_")[0]!;
      const response = await fetch(`${stripeMode.double.url}/v1/payment_intents/${id}/confirm`, {
        method: "POST",
        headers: { authorization: "Bearer pk_test_double", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_secret: clientSecret, payment_method: "pm_card_visa" }).toString(),
      });
      if (response.status !== 200) throw new Error(`Stripe double confirm answered ${response.status}`);
    });
  } finally {
    await stripeMode.leave();
  }
}

function report(all: Timings[]): void {
  console.log(
    `${ROUNDS} rounds per gateway after ${WARM_UP} warm-up rounds; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log("| gateway | payment | p50 ms | p95 ms | one-click p50 / first p50 |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  for (const t of all) {
    const [firstP50, oneP50] = [percentile(t.first, 0.5), percentile(t.oneClick, 0.5)];
    console.log(
      `| ${t.gateway} | first card payment (create + confirm) | ${firstP50.toFixed(1)} | ${percentile(t.first, 0.95).toFixed(1)} | |`,
    );
    console.log(
      `| ${t.gateway} | one-click charge (off-session, confirm=true) | ${oneP50.toFixed(1)} | ${percentile(t.oneClick, 0.95).toFixed(1)} | ${(oneP50 / firstP50).toFixed(2)} |`,
    );
  }
}

async function main(): Promise<void> {
  if (process.argv.includes(CHILD_FLAG)) {
    console.log(JSON.stringify(await stripeRounds()));
    return;
  }
  const baseDir = mkdtempSync(path.join(os.tmpdir(), "bench-one-click-"));
  const server = await startEmbeddedPostgres({ baseDir, ephemeral: true, log: () => undefined });
  try {
    await prepareDatabase(server.url);
    const env = {
      ...process.env,
      DATABASE_URL: server.url,
      SESSION_SECRET: "bench-one-click-session-secret-0123456789",
      LOG_LEVEL: "warn",
    };
    Object.assign(process.env, env);
    const demo = await demoRounds();
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, CHILD_FLAG], {
      env,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`the Stripe-mode rounds failed:\n${child.stderr}`);
    const stripe = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Timings;
    report([demo, stripe]);
    const { closeDb } = await import("../../lib/platform/server/db");
    await closeDb();
  } finally {
    await server.stop();
    rmSync(baseDir, { recursive: true, force: true });
  }
}

await main();
