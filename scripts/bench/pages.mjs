// npm run bench:pages: Lighthouse and throughput of the public pages against a bare Next.js page
// built in the same run. BENCH_SECTIONS=lighthouse|throughput runs one section. See docs/benchmarks.md.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { measureThroughput } from "./page-throughput.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const PAGES = ["/", "/paid", "/privacy", "/free-download"];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECTIONS = (process.env.BENCH_SECTIONS ?? "lighthouse,throughput").split(",");
// "simulate" puts all scripts before the LCP over loopback (GoogleChrome/lighthouse#11014).
const THROTTLING = process.env.BENCH_THROTTLING ?? "devtools";
const TARGETS = {
  performance: 0.95,
  cls: 0.02,
  tbtMs: 150,
  landingJsOverFloorKb: 45,
  landingLcpOverFloor: 1.5,
  landingOverFloorPage: 0.5,
};
const THROUGHPUT = {
  staticPath: "/favicon.svg",
  pages: ["/", "/privacy"],
  connections: 20,
  seconds: Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 10),
  rounds: 2,
};
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
  "--no-first-run",
  "--metrics-recording-only",
  "--mute-audio",
];
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const nextBin = path.join(root, "node_modules/.bin/next");
const children = [];

function log(message) {
  console.error(`[bench:pages] ${message}`);
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, env, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function startServer(command, args, cwd, extraEnv) {
  const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

function buildFloor() {
  const dir = path.join(root, "bench-results/floor-app");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "app"), { recursive: true });
  // Resolves this project's node_modules: same versions, no install.
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
  fs.writeFileSync(
    path.join(dir, "next.config.mjs"),
    "export default { turbopack: { root: import.meta.dirname + '/../..' } };\n",
  );
  fs.writeFileSync(
    path.join(dir, "app/layout.jsx"),
    'export const metadata = { title: "Floor" };\nexport default function RootLayout({ children }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n',
  );
  fs.writeFileSync(path.join(dir, "app/page.jsx"), "export default function Page() {\n  return <h1>Floor</h1>;\n}\n");
  fs.mkdirSync(path.join(dir, "public"));
  fs.copyFileSync(path.join(root, "public", THROUGHPUT.staticPath), path.join(dir, "public", THROUGHPUT.staticPath));
  run(nextBin, ["build"], dir);
  return dir;
}

const gzipCache = new Map();
async function gzipBytes(url) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipCache.set(url, zlib.gzipSync(body, { level: 9 }).length);
  }
  return gzipCache.get(url);
}

async function measure(url) {
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
      { extends: "lighthouse:default", settings: { throttlingMethod: THROTTLING } },
    );
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const requests = lhr.audits["network-requests"].details.items;
    const scripts = requests.filter(
      (item) => item.resourceType === "Script" && item.url.startsWith("http://127.0.0.1"),
    );
    let jsBytes = 0;
    for (const script of scripts) jsBytes += await gzipBytes(script.url);
    const phases = Object.fromEntries(
      (lhr.audits["lcp-breakdown-insight"]?.details?.items?.[0]?.items ?? []).map((item) => [
        item.subpart,
        item.duration,
      ]),
    );
    const observed = lhr.audits.metrics.details.items[0];
    return {
      performance: lhr.categories.performance.score,
      lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
      tbtMs: lhr.audits["total-blocking-time"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      jsBytes,
      ttfbMs: phases.timeToFirstByte ?? 0,
      renderDelayMs: phases.elementRenderDelay ?? 0,
      observedFcpMs: observed.observedFirstContentfulPaint,
      observedDclMs: observed.observedDomContentLoaded,
    };
  } finally {
    await chrome.kill();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measureMedian(url) {
  // Warm-up request, so no run pays for a cold module load.
  await fetch(url).then((response) => response.arrayBuffer());
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    runs.push(await measure(url));
    log(`${url} run ${i + 1}/${RUNS}: perf ${runs.at(-1).performance}`);
  }
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
}

async function main() {
  log("building the app (npm run build)");
  run(process.execPath, ["--import", "tsx", "scripts/run/build.ts"], root);
  log("building the floor (bare Next.js page)");
  const floorDir = buildFloor();
  const floorPort = await freePort();
  const floorServer = startServer(nextBin, ["start", "-p", String(floorPort), "-H", "127.0.0.1"], floorDir, {});
  const appPort = await freePort();
  const dataDir = path.join(".test-data", `bench-pages-${appPort}`);
  fs.rmSync(path.join(root, dataDir), { recursive: true, force: true });
  const appServer = startServer(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/run/start.ts", "start"],
    root,
    { PORT: String(appPort), HOST: "127.0.0.1", FUNNEL_DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${appPort}` },
  );
  try {
    await waitFor(`http://127.0.0.1:${floorPort}/`);
    await waitFor(`http://127.0.0.1:${appPort}/api/health`);
    const failures = [];
    const raw = { runs: RUNS };
    if (SECTIONS.includes("lighthouse")) {
      const floor = await measureMedian(`http://127.0.0.1:${floorPort}/`);
      const results = [];
      for (const page of PAGES) results.push({ page, ...(await measureMedian(`http://127.0.0.1:${appPort}${page}`)) });
      failures.push(...report(floor, results));
      Object.assign(raw, { floor, results });
    }
    if (SECTIONS.includes("throughput")) {
      log(`throughput: ${THROUGHPUT.connections} connections, ${THROUGHPUT.rounds} × ${THROUGHPUT.seconds} s per path`);
      const app = `http://127.0.0.1:${appPort}`;
      const floor = `http://127.0.0.1:${floorPort}`;
      const staticFile = { kind: "static", label: THROUGHPUT.staticPath, path: THROUGHPUT.staticPath };
      const targets = [
        { server: "app", ...staticFile },
        ...THROUGHPUT.pages.map((page) => ({ server: "app", kind: "page", label: page, path: page })),
        { server: "floor", ...staticFile },
        { server: "floor", kind: "page", label: "/ (bare page)", path: "/" },
      ].map((target) => ({ ...target, url: `${target.server === "app" ? app : floor}${target.path}` }));
      const throughput = await measureThroughput(targets, THROUGHPUT);
      const checked = reportThroughput(throughput);
      failures.push(...checked.failures);
      raw.throughput = checked.rows;
    }
    finish(raw, failures);
  } finally {
    await stopServer(appServer);
    await stopServer(floorServer);
    fs.rmSync(path.join(root, dataDir), { recursive: true, force: true });
  }
}

function report(floor, results) {
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const ratio = (value, base) => (base > 0 ? ` (${(value / base).toFixed(2)}×)` : "");
  const rows = [
    ["page", "performance", "LCP (ms)", "TBT (ms)", "CLS", "JS gzip (KB)"],
    [
      "floor (bare Next.js)",
      floor.performance.toFixed(2),
      floor.lcpMs.toFixed(0),
      floor.tbtMs.toFixed(0),
      floor.cls.toFixed(3),
      kb(floor.jsBytes),
    ],
    ...results.map((r) => [
      r.page,
      r.performance.toFixed(2) + ratio(r.performance, floor.performance),
      r.lcpMs.toFixed(0) + ratio(r.lcpMs, floor.lcpMs),
      r.tbtMs.toFixed(0) + ratio(r.tbtMs, floor.tbtMs),
      r.cls.toFixed(3),
      `${kb(r.jsBytes)}${ratio(r.jsBytes, floor.jsBytes)} +${kb(r.jsBytes - floor.jsBytes)}`,
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log(
    `\nLighthouse ${RUNS} runs per page, median (mobile preset, ${THROTTLING} throttling, /usr/bin/chromium)\n`,
  );
  console.log(line(rows[0]));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const row of rows.slice(1)) console.log(line(row));

  console.log("\nLCP breakdown (median ms): time to first byte, element render delay; first paint and");
  console.log(
    THROTTLING === "simulate"
      ? "DOMContentLoaded as observed (unthrottled), which decide what the simulated LCP includes\n"
      : "DOMContentLoaded as observed (throttled)\n",
  );
  for (const r of [{ page: "floor", ...floor }, ...results])
    console.log(
      `${r.page.padEnd(16)} TTFB ${r.ttfbMs.toFixed(0).padStart(5)}  render delay ${r.renderDelayMs.toFixed(0).padStart(5)}` +
        `  observed first paint ${r.observedFcpMs.toFixed(0).padStart(5)}  DOMContentLoaded ${r.observedDclMs.toFixed(0).padStart(5)}`,
    );

  const landing = results.find((r) => r.page === "/");
  const failures = [];
  for (const r of results) {
    if (r.performance < TARGETS.performance)
      failures.push(`${r.page}: performance ${r.performance} < ${TARGETS.performance}`);
    if (r.cls > TARGETS.cls) failures.push(`${r.page}: CLS ${r.cls.toFixed(3)} > ${TARGETS.cls}`);
    if (r.tbtMs > TARGETS.tbtMs) failures.push(`${r.page}: TBT ${r.tbtMs.toFixed(0)} ms > ${TARGETS.tbtMs} ms`);
  }
  const over = (landing.jsBytes - floor.jsBytes) / 1024;
  if (over > TARGETS.landingJsOverFloorKb)
    failures.push(`/: JS floor + ${over.toFixed(1)} KB > + ${TARGETS.landingJsOverFloorKb} KB`);
  const lcpRatio = landing.lcpMs / floor.lcpMs;
  if (lcpRatio > TARGETS.landingLcpOverFloor)
    failures.push(`/: LCP ${lcpRatio.toFixed(2)}× the floor's > ${TARGETS.landingLcpOverFloor}×`);
  return failures;
}

function reportThroughput(rows) {
  const find = (server, kind) => rows.find((row) => row.server === server && row.kind === kind);
  const floorPage = find("floor", "page");
  const share = (value, base) => (base.rps > 0 ? value.rps / base.rps : 0);
  const measured = rows.map((row) => ({
    ...row,
    overStatic: share(row, find(row.server, "static")),
    overFloorPage: row.server === "app" && row.kind === "page" ? share(row, floorPage) : null,
  }));
  const table = [
    ["URL", "req/s", "× its static file", "× floor page", "p50 (ms)", "p99 (ms)", "non-2xx/errors", "req/s per round"],
    ...measured.map((r) => [
      `${r.server} ${r.label}`,
      r.rps.toFixed(0),
      r.overStatic.toFixed(3),
      r.overFloorPage === null ? "" : r.overFloorPage.toFixed(3),
      r.p50Ms.toFixed(0),
      r.p99Ms.toFixed(0),
      String(r.bad),
      r.roundsRps.join(", "),
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
  const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log(
    `\nThroughput: autocannon, ${THROUGHPUT.connections} connections, mean of ${THROUGHPUT.rounds} rounds × ` +
      `${THROUGHPUT.seconds} s; the app and the floor each serve their own static file\n`,
  );
  console.log(line(table[0]));
  console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const row of table.slice(1)) console.log(line(row));
  const failures = measured.filter((r) => r.bad > 0).map((r) => `${r.url}: ${r.bad} non-2xx answers or errors`);
  const landing = measured.find((r) => r.server === "app" && r.path === "/");
  if (landing.overFloorPage < TARGETS.landingOverFloorPage)
    failures.push(`/: ${landing.overFloorPage.toFixed(3)}× the floor page's rate < ${TARGETS.landingOverFloorPage}×`);
  return { failures, rows: measured };
}

function finish(raw, failures) {
  console.log(failures.length ? `\nTargets missed:\n- ${failures.join("\n- ")}` : "\nAll targets met.");
  fs.mkdirSync(path.join(root, "bench-results"), { recursive: true });
  const file = path.join(root, "bench-results", `pages-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...raw, failures }, null, 2));
  log(`raw results: ${path.relative(root, file)}`);
  process.exitCode = failures.length ? 1 : 0;
}

async function shutdownAll() {
  await Promise.all(children.map((child) => stopServer(child)));
}
process.on("SIGINT", () => void shutdownAll().then(() => process.exit(130)));

main().catch(async (error) => {
  console.error(error);
  await shutdownAll();
  process.exitCode = 1;
});
