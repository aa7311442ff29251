// npm run bench:api: POST /api/track-action through npm start against a bare node:http + pg
// baseline; then demo checkouts. Results: docs/benchmarks.md.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import { checkoutLoad, eventTableGrowth, storedCheckouts } from "./checkout-load";
import { buildIsStale } from "../lib/build-freshness";
import { prepareDatabase } from "../lib/database";
import { freePort, startEmbeddedPostgres } from "../lib/embedded-postgres";
import { ROOT } from "../lib/migrations";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
// Long enough for V8 to optimise Next.js's request path.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
// Each simulated visit sends its own X-Forwarded-For, so it has its own rate-limit row; a second
// run from one address shows the cost of one hot counter row (the limit is raised to avoid 429s).
const BENCH_RATE_LIMIT = "100000000";
const EVENTS_PER_VISIT = 8;
const ONE_CLIENT = "198.51.100.77";

function visitorAddress(seq: number): string {
  const visit = Math.floor(seq / EVENTS_PER_VISIT);
  return `10.${(visit >> 16) & 255}.${(visit >> 8) & 255}.${visit & 255}`;
}

const dataDir = path.join(ROOT, ".bench-data");
const children: ChildProcess[] = [];
const log = (line: string) => console.log(`[bench] ${line}`);

function spawnNode(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return child;
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { method: "GET" })).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not come up`);
}

type Load = {
  result: Result;
  answered: number[];
};

/** Rows are matched to 2xx answers by number: a request in flight at the deadline is stored but never answered. */
async function load(
  url: string,
  sessionId: string,
  duration: number,
  cookie: string,
  addressOf: (seq: number) => string = visitorAddress,
): Promise<Load> {
  const before = JSON.stringify({
    sessionId,
    step: 2,
    action: "button_click",
    timestamp: new Date().toISOString(),
    data: { source: "bench-0" },
  });
  const [head, tail] = before.split('"bench-0"') as [string, string];
  const answered: number[] = [];
  let sent = 0;
  const result = await autocannon({
    url,
    method: "POST",
    connections: CONNECTIONS,
    duration,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    requests: [
      {
        setupRequest: (request, context) => {
          sent += 1;
          context.seq = sent;
          return {
            ...request,
            headers: { ...request.headers, "x-forwarded-for": addressOf(sent) },
            body: `${head}"bench-${sent}"${tail}`,
          };
        },
        onResponse: (status, _body, context) => {
          if (status >= 200 && status < 300 && typeof context.seq === "number") answered.push(context.seq);
        },
      },
    ],
  });
  return { result, answered };
}

// CPU per request varies much less than requests/s on a shared host.
function cpuMs(pid: number | undefined): number {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function nextServerPid(startPid: number | undefined): number | undefined {
  const file = `/proc/${startPid}/task/${startPid}/children`;
  if (!startPid || !existsSync(file)) return undefined;
  return readFileSync(file, "utf8")
    .trim()
    .split(/\s+/)
    .map(Number)
    .find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(".next/standalone/server.js"));
}

async function browserCookie(url: string): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      sessionId: randomUUID(),
      step: 2,
      action: "button_click",
      data: { source: "hero" },
      timestamp: new Date().toISOString(),
    }),
  });
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

async function measured(
  url: string,
  sessionId: string,
  pid: number | undefined,
  cookie: string,
  addressOf?: (seq: number) => string,
) {
  const before = cpuMs(pid);
  const { result, answered } = await load(url, sessionId, DURATION, cookie, addressOf);
  const cpuPerRequest = (cpuMs(pid) - before) / Math.max(1, result.requests.total);
  return { result, answered, cpuPerRequest };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
}

type Row = {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  storedFor2xx: number;
  storedInFlight: number;
  cpuMsPerRequest: number;
};

type Stored = { forAnswered: number; total: number };

function row(name: string, { result, cpuPerRequest }: { result: Result; cpuPerRequest: number }, stored: Stored): Row {
  return {
    name,
    cpuMsPerRequest: Number(cpuPerRequest.toFixed(3)),
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result["2xx"],
    other: result.non2xx + result.errors + result.timeouts,
    storedFor2xx: stored.forAnswered,
    storedInFlight: stored.total - stored.forAnswered,
  };
}

async function main(): Promise<void> {
  if (buildIsStale(ROOT)) {
    log("production build missing or stale: running npm run build…");
    const built = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/run/build.ts")], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (built.status !== 0) throw new Error("the production build failed");
  }

  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const db = await startEmbeddedPostgres({ baseDir: dataDir, log });
  try {
    await prepareDatabase(db.url);
    const appPort = await freePort();
    const basePort = await freePort();

    const app = spawnNode(["--conditions=react-server", "--import", "tsx", "scripts/run/start.ts", "start"], {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(appPort),
      FUNNEL_DATA_DIR: ".bench-data",
      SITE_URL: `http://localhost:${appPort}`,
      TRACK_ACTION_RATE_LIMIT: BENCH_RATE_LIMIT,
      TRUSTED_PROXY_HOPS: "1",
      NEXT_TELEMETRY_DISABLED: "1",
    });
    app.stdout?.resume();
    const baseline = spawnNode(["--import", "tsx", "scripts/bench/baseline-server.ts", db.url, String(basePort)], {
      ...process.env,
    });
    baseline.stdout?.resume();
    await waitForHttp(`http://127.0.0.1:${appPort}/api/health`, 120_000);
    await waitForHttp(`http://127.0.0.1:${basePort}/`, 30_000).catch(() => undefined);

    const appUrl = `http://127.0.0.1:${appPort}/api/track-action`;
    const baseUrl = `http://127.0.0.1:${basePort}/`;
    log(`warming up both servers (${WARMUP} s each)…`);
    const appCookie = await browserCookie(appUrl);
    const baseCookie = await browserCookie(baseUrl);
    await load(appUrl, `warm-app-${randomUUID()}`, WARMUP, appCookie);
    await load(baseUrl, `warm-base-${randomUUID()}`, WARMUP, baseCookie);

    const appSession = `bench-app-${randomUUID()}`;
    const hotSession = `bench-hot-${randomUUID()}`;
    const baseSession = `bench-base-${randomUUID()}`;
    const serverPid = nextServerPid(app.pid);
    log(`POST /api/track-action, one address per visit: ${CONNECTIONS} connections, ${DURATION} s…`);
    const appResult = await measured(appUrl, appSession, serverPid, appCookie);
    log(`bare node:http + pg INSERT: ${CONNECTIONS} connections, ${DURATION} s…`);
    const baseResult = await measured(baseUrl, baseSession, baseline.pid, baseCookie);
    log(`POST /api/track-action, all from one address: ${CONNECTIONS} connections, ${DURATION} s…`);
    const hotResult = await measured(appUrl, hotSession, serverPid, appCookie, () => ONE_CLIENT);
    const checkoutUrl = `http://127.0.0.1:${appPort}/api/create-payment-intent`;
    const checkoutRun = randomUUID().slice(0, 8);
    log(`POST /api/create-payment-intent (demo gateway), a new buyer each: warm-up ${WARMUP} s, then ${DURATION} s…`);
    await checkoutLoad(checkoutUrl, appCookie, {
      connections: CONNECTIONS,
      duration: WARMUP,
      run: `warm${checkoutRun}`,
    });
    const checkoutCpu = cpuMs(serverPid);
    const checkout = await checkoutLoad(checkoutUrl, appCookie, {
      connections: CONNECTIONS,
      duration: DURATION,
      run: checkoutRun,
    });
    const checkoutCpuPerRequest = (cpuMs(serverPid) - checkoutCpu) / Math.max(1, checkout.result.requests.total);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    // A hash join: = ANY() over 100,000 values would scan per row.
    const count = async (id: string, answered: number[]): Promise<Stored> => {
      const { rows: counts } = await client.query<{ answered: string; total: string }>(
        `SELECT (SELECT count(*) FROM funnel_events e JOIN unnest($2::bigint[]) AS a(seq)
                   ON e.data->>'source' = 'bench-' || a.seq WHERE e.session_id = $1) AS answered,
                (SELECT count(*) FROM funnel_events WHERE session_id = $1) AS total`,
        [id, answered],
      );
      return { forAnswered: Number(counts[0]?.answered ?? 0), total: Number(counts[0]?.total ?? 0) };
    };
    const rows = [row("app  POST /api/track-action", appResult, await count(appSession, appResult.answered))];
    rows.push(row("base node:http + pg INSERT", baseResult, await count(baseSession, baseResult.answered)));
    rows.push(row("app, all from one address", hotResult, await count(hotSession, hotResult.answered)));
    const { rows: checkoutOrders } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM orders WHERE contact_id LIKE $1",
      [`bench-${checkoutRun}-%`],
    );
    rows.push(
      row(
        "app POST /api/create-payment-intent",
        { result: checkout.result, cpuPerRequest: checkoutCpuPerRequest },
        { forAnswered: await storedCheckouts(client, checkout.transactionIds), total: Number(checkoutOrders[0]?.n) },
      ),
    );
    const growth = await eventTableGrowth(client);
    await client.end();

    const [appRow, baseRow, hotRow, checkoutRow] = rows as [Row, Row, Row, Row];
    const ratio = appRow.reqPerSec / baseRow.reqPerSec;
    console.log("");
    console.log(
      "| server | req/s | p50 ms | p99 ms | 2xx | other | rows of the 2xx | rows in flight at the deadline | server CPU ms/request |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const r of rows)
      console.log(
        `| ${r.name} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.other} | ${r.storedFor2xx} | ${r.storedInFlight} | ${r.cpuMsPerRequest} |`,
      );
    const loadAverage = os.loadavg().map((n) => n.toFixed(1));
    console.log(`load average (1/5/15 min): ${loadAverage.join(" ")} on ${os.availableParallelism()} CPUs`);
    console.log(
      `funnel_events: ${growth.rows} rows; bytes per row: heap ${growth.heapBytesPerRow}, indexes ${growth.indexBytesPerRow}, total ${growth.totalBytesPerRow}`,
    );
    console.log("");
    const checks = {
      throughputRatio: { value: Number(ratio.toFixed(3)), target: ">= 0.3", pass: ratio >= 0.3 },
      appP99Ms: { value: appRow.p99, target: "<= 100", pass: appRow.p99 <= 100 },
      nothingLost: {
        value: `${appRow.storedFor2xx} rows for ${appRow.ok} 2xx answers (+${appRow.storedInFlight} in flight at the deadline)`,
        target: "rows == 2xx",
        pass: appRow.storedFor2xx === appRow.ok && appRow.storedInFlight <= CONNECTIONS,
      },
      oneAddressNothingLost: {
        value: `${hotRow.storedFor2xx} rows for ${hotRow.ok} 2xx answers (+${hotRow.storedInFlight} in flight at the deadline)`,
        target: "rows == 2xx",
        pass: hotRow.storedFor2xx === hotRow.ok && hotRow.storedInFlight <= CONNECTIONS,
      },
      noErrors: { value: appRow.other + hotRow.other, pass: appRow.other + hotRow.other === 0 },
      checkoutsStored: {
        value: `${checkoutRow.storedFor2xx} orders for ${checkoutRow.ok} 2xx answers, ${checkoutRow.other} other`,
        target: "orders == 2xx, no other",
        pass: checkoutRow.storedFor2xx === checkoutRow.ok && checkoutRow.other === 0,
      },
    };
    for (const [name, check] of Object.entries(checks))
      console.log(
        `${check.pass ? "PASS" : "FAIL"} ${name}: ${check.value}${"target" in check ? ` (target ${check.target})` : ""}`,
      );

    mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
    const file = path.join(ROOT, "bench-results", `api-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        { connections: CONNECTIONS, durationSeconds: DURATION, loadAverage, rows, growth, checks },
        null,
        2,
      ),
    );
    log(`results written to ${path.relative(ROOT, file)}`);
    if (!checks.nothingLost.pass || !checks.oneAddressNothingLost.pass || !checks.checkoutsStored.pass)
      process.exitCode = 1;
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  void Promise.all(children.map(stopChild)).finally(() => process.exit(1));
});
