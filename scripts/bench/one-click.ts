// npm run bench:one-click — a one-click charge on a saved card (chargeSavedCard: off-session,
// confirmed at once) beside a first card payment (create the intent, then confirm it as the card
// form or Stripe.js does), p50 and p95 of each, in the same run, rounds interleaved. Demo gateway
// in this process; Stripe mode (stripe-node against the Stripe API double) in a child process,
// since configuration is read once per process. BENCH_ROUNDS (200) sets the rounds per gateway.
// Then the same through the real routes of the production server (demo payments): the accept
// click's POST /api/next-offer/accept beside a first payment's create-payment-intent + confirm;
// BENCH_ROUTE_ROUNDS (100) sets those rounds.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/embedded-postgres";
import { prepareDatabase } from "../lib/database";
import { enterStripeMode } from "../../tests/doubles/stripe-mode";
import { buildIsStale } from "../lib/build-freshness";
import { freePort } from "../lib/embedded-postgres";
import { ROOT } from "../lib/migrations";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const ROUTE_ROUNDS = Number(process.env.BENCH_ROUTE_ROUNDS ?? 100);
const WARM_UP = 10;
const PEER_SECRET = "bench-one-click-peer-secret-0123456789abcdef";
const CHILD_FLAG = "--stripe-child";

type Timings = { gateway: "demo" | "stripe" | "demo, routes"; first: number[]; oneClick: number[] };

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

/** A browser of the running server: its cookies, and an address of its own for the per-client limits. */
class RouteBuyer {
  private cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    private readonly address: string,
  ) {}

  async post<T>(route: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.base}${route}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": this.address,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      },
      body: JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const answer = (await response.json()) as T;
    if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  }
}

/**
 * Each round is a new browser: the book's first payment as the card form makes it (create the
 * intent, confirm the card), the offer page's load (not timed), then the accept click's request
 * until its answer says the course is paid.
 */
async function routeRounds(base: string): Promise<Timings> {
  const timings: Timings = { gateway: "demo, routes", first: [], oneClick: [] };
  for (let round = 0; round < WARM_UP + ROUTE_ROUNDS; round++) {
    const buyer = new RouteBuyer(base, `100.96.${(round >> 8) & 255}.${round & 255}`);
    const contactId = randomUUID();
    const [firstMs, intent] = await timed(async () => {
      const created = await buyer.post<{ clientSecret: string; transactionId: string; offerFollows?: boolean }>(
        "/api/create-payment-intent",
        {
          contactId,
          email: `bench-route-${contactId}@example.com`,
          name: "Bench Buyer",
          productId: "fast-forward-book",
          quantity: 1,
        },
      );
      const confirmed = await buyer.post<{ paymentIntent?: { status: string } }>("/api/demo-payments/confirm", {
        clientSecret: created.clientSecret,
        card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
      });
      if (confirmed.paymentIntent?.status !== "succeeded") throw new Error("the first payment did not succeed");
      return created;
    });
    if (!intent.offerFollows) throw new Error("no offer follows the book: the bench needs the seeded chain");
    await buyer.post("/api/next-offer", { transactionId: intent.transactionId });
    const [oneClickMs, answer] = await timed(() =>
      buyer.post<{ outcome: string }>("/api/next-offer/accept", {
        transactionId: intent.transactionId,
        productCode: "ai-step-by-step",
      }),
    );
    if (answer.outcome !== "succeeded") throw new Error(`accept answered ${answer.outcome}`);
    if (round >= WARM_UP) {
      timings.first.push(firstMs);
      timings.oneClick.push(oneClickMs);
    }
  }
  return timings;
}

async function waitForHealth(base: string, app: ChildProcess): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (app.exitCode !== null) throw new Error("the app server exited before it answered");
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the app server did not come up");
}

/** The production build through npm start's own path, on the bench's database, demo payments. */
async function serverRounds(databaseUrl: string, dataDir: string): Promise<Timings> {
  if (buildIsStale(ROOT)) throw new Error("the production build is missing or stale: run npm run build first");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/run/start.ts", "start"],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        FUNNEL_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: base,
        TRUSTED_PROXY_HOPS: "1",
        RUN_WORKERS: "false",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  );
  try {
    await waitForHealth(base, app);
    return await routeRounds(base);
  } finally {
    if (app.exitCode === null && app.signalCode === null) {
      const exited = once(app, "exit");
      app.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
  }
}

function report(all: Timings[]): void {
  console.log(
    `${ROUNDS} rounds per gateway, ${ROUTE_ROUNDS} through the routes, each after ${WARM_UP} warm-up rounds; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log("| gateway | payment | p50 ms | p95 ms | one-click p50 / first p50 |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  for (const t of all) {
    const [firstP50, oneP50] = [percentile(t.first, 0.5), percentile(t.oneClick, 0.5)];
    const routes = t.gateway === "demo, routes";
    const first = routes
      ? "first card payment (POST create-payment-intent + demo confirm)"
      : "first card payment (create + confirm)";
    const oneClick = routes
      ? "one-click accept (POST /api/next-offer/accept)"
      : "one-click charge (off-session, confirm=true)";
    console.log(`| ${t.gateway} | ${first} | ${firstP50.toFixed(1)} | ${percentile(t.first, 0.95).toFixed(1)} | |`);
    console.log(
      `| ${t.gateway} | ${oneClick} | ${oneP50.toFixed(1)} | ${percentile(t.oneClick, 0.95).toFixed(1)} | ${(oneP50 / firstP50).toFixed(2)} |`,
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
    const routes = await serverRounds(server.url, baseDir);
    report([demo, stripe, routes]);
    const { closeDb } = await import("../../lib/platform/server/db");
    await closeDb();
  } finally {
    await server.stop();
    rmSync(baseDir, { recursive: true, force: true });
  }
}

await main();
