import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import PgBoss from "pg-boss";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildIsStale } from "../../../scripts/lib/build-freshness";
import { freePort } from "../../../scripts/lib/embedded-postgres";
import { WORKER_ARGS } from "../../../scripts/lib/worker-command";
import { JOB_SCHEMA, QUEUES } from "@/lib/platform/shared/queues";
import { startResendDouble, type ResendDouble } from "../../doubles/resend-api";
import { startStripeDouble, type StripeDouble } from "../../doubles/stripe-api";
import { type Bouncer, pgbouncerInstalled, startPgBouncer } from "@/tests/support/pgbouncer";
import { databaseUrl, freshDatabase } from "@/tests/support/db";
import { intoOneWindow, waitUntil } from "@/tests/support/wait";

// Two app instances (npm start's production front, each with its worker child) and one
// separate `npm run worker`, on ONE database through PgBouncer in transaction mode, migrated
// through DIRECT_DATABASE_URL. A client alternates between the instances: a burst split across
// both gets at most the limit; a Stripe payment claimed on one while its webhook reaches the other
// is fulfilled once; every queued job runs once across three workers; the visitor cookie one
// instance minted is honoured by the other. Figures go to the test output. Needs the production
// build: `npm test` runs this after its build step with MULTI_INSTANCE_REQUIRED=1, which turns a
// missing or stale build (or a missing pgbouncer) into a failure; a plain `vitest run` skips it.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const built = existsSync(path.join(ROOT, ".next", "BUILD_ID")) && !buildIsStale(ROOT);
const required = process.env.MULTI_INSTANCE_REQUIRED === "1";
const ready = built && pgbouncerInstalled;

describe.runIf(required && !ready)("what the multi-instance test needs", () => {
  it("a production build no older than the sources, and pgbouncer", () => {
    expect({ built, pgbouncerInstalled }).toEqual({ built: true, pgbouncerInstalled: true });
  });
});

const DATABASE = "multi_instance";
const LIMIT = 20;
const BURST = 60;
const JOBS = 150;
const ORDERS = 4;
const WEBHOOK_SECRET = "whsec_multi_instance_test";
const SESSION_SECRET = "multi-instance-session-secret-0123456789";

type Answer = { status: number; cookie: string | null; body: unknown };
type Proc = { child: ChildProcess; output: () => string };

const figures: Record<string, unknown> = {};
const report = (part: string, values: Record<string, unknown>) => {
  figures[part] = values;
  console.log(`[multi-instance] ${part}: ${JSON.stringify(values)}`);
};

function spawnLogged(args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return { child, output: () => text };
}

async function stop(proc: Proc | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  const exited = once(proc.child, "exit");
  proc.child.kill("SIGTERM");
  await Promise.race([exited, sleep(30_000).then(() => proc.child.kill("SIGKILL"))]);
}

async function post(port: number, urlPath: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: response.status, cookie: response.headers.get("set-cookie"), body: parsed } satisfies Answer;
}

/** Waits as the other tests do, showing the tail of each process's output if it gives up. */
function waitFor(what: string, check: () => Promise<boolean> | boolean, ms: number, proc: Proc[] = []) {
  return waitUntil(what, check, {
    ms,
    every: 200,
    detail: () => proc.map((p) => p.output().slice(-3000)).join("\n---\n"),
  });
}

describe.runIf(ready)("two instances and a worker on one database through PgBouncer", () => {
  const server = inject("databaseServerUrl");
  const directUrl = databaseUrl(DATABASE, server);
  let bouncer: Bouncer;
  let resend: ResendDouble;
  let stripeDouble: StripeDouble;
  let direct: pg.Client;
  const ports: number[] = [];
  const instances: Proc[] = [];
  let worker: Proc | undefined;

  beforeAll(async () => {
    const started = Date.now();
    await freshDatabase({ name: DATABASE, migrated: false });
    bouncer = await startPgBouncer(server, { poolSize: 8 });
    resend = await startResendDouble();
    stripeDouble = await startStripeDouble();
    const env = (port: number): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: bouncer.url(DATABASE),
      DIRECT_DATABASE_URL: directUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      // One public origin in front of both, as behind a load balancer.
      SITE_URL: "http://localhost:3410",
      SESSION_SECRET,
      TRACK_ACTION_RATE_LIMIT: String(LIMIT),
      RUN_WORKERS: "true",
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: resend.url,
      STRIPE_SECRET_KEY: "sk_test_double",
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_double",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeDouble.url,
    });
    const startInstance = async () => {
      const port = await freePort();
      const proc = spawnLogged(
        ["--conditions=react-server", "--import", "tsx", "scripts/run/start.ts", "start"],
        env(port),
      );
      instances.push(proc);
      ports.push(port);
      await waitFor(
        `instance on ${port}`,
        async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200,
        90_000,
        [proc],
      );
      await waitFor(`the workers beside ${port}`, () => /workers running/.test(proc.output()), 60_000, [proc]);
    };
    // The first instance migrates the empty database (through DIRECT_DATABASE_URL); the second
    // and the separate worker start together and find nothing left to do.
    await startInstance();
    const migratedAt = Date.now();
    worker = spawnLogged(
      WORKER_ARGS.filter((arg) => arg !== "--prepared"),
      { ...env(0), PORT: undefined },
    );
    await Promise.all([
      startInstance(),
      waitFor("the separate worker", () => /workers running/.test(worker!.output()), 90_000, [worker]),
    ]);
    direct = new pg.Client({ connectionString: directUrl });
    await direct.connect();
    report("start-up", {
      firstInstanceSeconds: (migratedAt - started) / 1000,
      allUpSeconds: (Date.now() - started) / 1000,
      processes: "2 × (npm start front + worker child) + 1 npm run worker",
      pgbouncerServerConnections: 8,
    });
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...instances, worker].map((proc) => stop(proc)));
    await direct?.end();
    await bouncer?.stop();
    await resend?.close();
    await stripeDouble?.close();
    console.log(`[multi-instance] figures: ${JSON.stringify(figures)}`);
  });

  const instance = (i: number) => ports[i % ports.length]!;

  it("accepts a burst split across both instances exactly up to the shared limit", { timeout: 90_000 }, async () => {
    await intoOneWindow(15_000);
    const sessionId = randomUUID();
    const event = { sessionId, step: 2, action: "button_click", data: { source: "hero" } };
    const started = Date.now();
    // 16 in flight, 8 per instance: fewer than an instance's pool of 10, because track-action's
    // limiter lets events through when it cannot get a connection within 2 s (tracking never
    // blocks a visitor), and a busy machine would turn a deeper queue into exactly that.
    const answers: Answer[] = new Array<Answer>(BURST);
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = next++; i < BURST; i = next++) {
          answers[i] = await post(instance(i), "/api/track-action", { ...event, timestamp: new Date().toISOString() });
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const byInstance = ports.map((port, n) => ({
      port,
      accepted: answers.filter((a, i) => i % 2 === n && a.status === 202).length,
      limited: answers.filter((a, i) => i % 2 === n && a.status === 429).length,
    }));
    const accepted = answers.filter((a) => a.status === 202).length;
    const limited = answers.filter((a) => a.status === 429).length;
    report("rate limit", { requests: BURST, limit: LIMIT, accepted, limited, byInstance, seconds });
    expect({ accepted, limited }).toEqual({ accepted: LIMIT, limited: BURST - LIMIT });
    // Both instances answered part of the burst and each turned some away.
    for (const part of byInstance) expect(part.accepted + part.limited).toBe(BURST / 2);
    const { rows } = await direct.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM funnel_events WHERE session_id = $1",
      [sessionId],
    );
    expect(rows[0]?.n).toBe(LIMIT);
  });

  it(
    "fulfils a payment claimed on one instance while its webhook reaches the other once, with one e-mail",
    {
      timeout: 120_000,
    },
    async () => {
      const signer = new Stripe("sk_test_signer");
      const deliver = (port: number, event: unknown) => {
        const payload = JSON.stringify(event);
        const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        return post(port, "/api/stripe/webhook", payload, { "stripe-signature": signature });
      };
      const started = Date.now();
      const tallies: { claims: number[]; webhooks: number[]; passwordsShown: number }[] = [];
      const orderIds: string[] = [];
      for (let round = 0; round < ORDERS; round++) {
        const [home, other] = round % 2 ? [instance(1), instance(0)] : [instance(0), instance(1)];
        const contactId = randomUUID();
        const created = await post(home, "/api/create-payment-intent", {
          contactId,
          email: `buyer-${contactId}@example.com`,
          name: "Ada Lovelace",
          productId: "fast-forward-book",
          quantity: 1,
        });
        expect(created.status).toBe(200);
        // The visitor cookie the first instance minted; the claims below carry it to both.
        const cookie = created.cookie?.split(";")[0] ?? "";
        expect(cookie).not.toBe("");
        const intent = created.body as { paymentIntentId: string; transactionId: string };
        orderIds.push(intent.transactionId);
        const succeeded = stripeDouble
          .succeed(intent.paymentIntentId)
          .find((e) => e.type === "payment_intent.succeeded");
        const claim = (port: number) =>
          post(port, "/api/payment-success", { transactionId: intent.transactionId }, { cookie });
        // The buyer's page claims on both instances while Stripe delivers the webhook to the other
        // one, and retries it on the first.
        const [a, b, hook, c, retry] = await Promise.all([
          claim(home),
          claim(other),
          deliver(other, succeeded),
          claim(other),
          deliver(home, succeeded),
        ]);
        const claims = [a, b, c];
        const passwords = claims.filter(
          (r) => (r.body as { loginDetails?: { password?: string } }).loginDetails?.password,
        ).length;
        tallies.push({
          claims: claims.map((r) => r.status),
          webhooks: [hook.status, retry.status],
          passwordsShown: passwords,
        });
        expect(claims.map((r) => r.status)).toEqual([200, 200, 200]);
        expect([hook.status, retry.status]).toEqual([200, 200]);
        const tokens = new Set(claims.map((r) => (r.body as { token: string }).token));
        expect(tokens.size).toBe(1);
        // The account's password is shown to the buyer once, whichever instance fulfilled.
        expect(passwords).toBe(1);
        // Without the cookie (a stranger who learned the order id) neither instance hands it out.
        expect((await post(other, "/api/payment-success", { transactionId: intent.transactionId })).status).toBe(404);
      }
      const { rows } = await direct.query<{ accounts: number; tokens: number; emails: number; fulfilled: number }>(
        `SELECT (SELECT count(*)::int FROM issued_accounts WHERE order_id = ANY($1::uuid[])) AS accounts,
              (SELECT count(*)::int FROM handoff_tokens WHERE order_id = ANY($1::uuid[])) AS tokens,
              (SELECT count(*)::int FROM outgoing_emails WHERE order_id = ANY($1::uuid[])) AS emails,
              (SELECT count(*)::int FROM orders WHERE id = ANY($1::uuid[]) AND fulfilled_at IS NOT NULL) AS fulfilled`,
        [orderIds],
      );
      expect(rows[0]).toEqual({ accounts: ORDERS, tokens: ORDERS, emails: ORDERS, fulfilled: ORDERS });
      // The purchase e-mails go out through the workers, each once.
      const { rows: emails } = await direct.query<{ id: string }>(
        "SELECT id FROM outgoing_emails WHERE order_id = ANY($1::uuid[])",
        [orderIds],
      );
      const keys = emails.map((e) => `outgoing-email/${e.id}`);
      await waitFor("the purchase e-mails", () => keys.every((key) => resend.deliveries.has(key)), 60_000);
      expect(keys.map((key) => resend.deliveries.get(key))).toEqual(keys.map(() => 1));
      report("payments", {
        orders: ORDERS,
        requestsPerOrder: "3 claims + 2 webhook deliveries, split across both",
        rounds: tallies,
        accounts: rows[0]?.accounts,
        purchaseEmailsDelivered: keys.length,
        seconds: (Date.now() - started) / 1000,
      });
    },
  );

  it("runs every queued job once across the three workers", { timeout: 150_000 }, async () => {
    const boss = new PgBoss({ db: { executeSql: (text, values) => direct.query(text, values) }, schema: JOB_SCHEMA });
    const requestsBefore = resend.requests();
    // As enqueueEmail does, the rows and their jobs in one transaction (on the direct connection,
    // so what goes through the pooler is the workers' side), committed at once: the clock starts
    // when all of them become visible to the workers.
    const ids: string[] = [];
    await direct.query("BEGIN");
    for (let i = 0; i < JOBS; i++) {
      const { rows } = await direct.query<{ id: string }>(
        `INSERT INTO outgoing_emails (id, template, recipient, subject, html, text)
         VALUES (gen_random_uuid(), 'welcome', $1, 'Hi', '<p>Hi</p>', 'Hi') RETURNING id`,
        [`reader${i}@example.com`],
      );
      await boss.send(QUEUES.email, { emailId: rows[0]!.id });
      ids.push(rows[0]!.id);
    }
    await direct.query("COMMIT");
    const started = Date.now();
    const sent = async () => {
      const { rows } = await direct.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outgoing_emails WHERE id = ANY($1::uuid[]) AND status = 'SENT'",
        [ids],
      );
      return rows[0]?.n ?? 0;
    };
    await waitFor(`${JOBS} e-mails sent`, async () => (await sent()) === JOBS, 120_000, [...instances, worker!]);
    const seconds = (Date.now() - started) / 1000;
    // A job is completed only after its handler's Resend call, and a completed job is never
    // fetched again: once all are completed, the request count below is final.
    const open = async () =>
      (
        await direct.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job
           WHERE name = $1 AND data->>'emailId' = ANY($2::text[]) AND state <> 'completed'`,
          [QUEUES.email, ids],
        )
      ).rows[0]?.n;
    await waitFor("every job completed", async () => (await open()) === 0, 30_000).catch(() => undefined);
    const requests = resend.requests() - requestsBefore;
    const { rows: jobs } = await direct.query<{ state: string; retries: number; n: number }>(
      `SELECT state, max(retry_count)::int AS retries, count(*)::int AS n FROM pgboss.job
       WHERE name = $1 AND data->>'emailId' = ANY($2::text[]) GROUP BY state`,
      [QUEUES.email, ids],
    );
    // Every run of the handler counts an attempt on its row before it calls Resend (the handler is
    // not guarded against a concurrent second run, so a job run twice would show here and above).
    const { rows: attempts } = await direct.query<{ total: number; most: number }>(
      "SELECT sum(attempts)::int AS total, max(attempts)::int AS most FROM outgoing_emails WHERE id = ANY($1::uuid[])",
      [ids],
    );
    report("jobs", {
      jobs: JOBS,
      workers: 3,
      resendRequests: requests,
      handlerRuns: attempts[0]?.total,
      jobStates: jobs,
      allSentSeconds: seconds,
      jobsPerSecond: Math.round(JOBS / seconds),
    });
    expect(requests).toBe(JOBS);
    expect(ids.map((id) => resend.deliveries.get(`outgoing-email/${id}`))).toEqual(ids.map(() => 1));
    expect(attempts[0]).toEqual({ total: JOBS, most: 1 });
    expect(jobs).toEqual([{ state: "completed", retries: 0, n: JOBS }]);
  });
});
