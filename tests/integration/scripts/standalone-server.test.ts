import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileDatabaseUrl } from "@/tests/support/db";
import { productionBuildReady } from "@/tests/support/built-server";
import { freePort } from "../../../scripts/lib/embedded-postgres";
import { STATIC_FILE_CONTENT_SECURITY_POLICY } from "@/lib/site/shared/security-headers";
import { trackEventBody } from "@/tests/support/track-event";

// The standalone build (.next/standalone, docs/operations.md#production) as an operator runs it:
// `node server.js`, the HTTP front around Next.js, configured by the environment alone, as a user that owns none of the
// files (nobody, when the tests run as root as CI does). It serves pages, public files, built
// assets and API routes; logs one JSON line per request with no personal data from the address;
// and on SIGTERM refuses new connections, finishes the request in flight and exits 0.
// Needs a build no older than the sources: `npm test` runs this file after its build step with
// HTTP_FRONT_REQUIRED=1 (as tests/integration/scripts/http-front.test.ts); a plain `vitest run` skips it.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const STANDALONE = path.join(ROOT, ".next", "standalone");
const built = productionBuildReady("the standalone build", ".next/standalone/server.js");
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(port: number, urlPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: urlPath, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RequestRecord = {
  msg: string;
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
};

describe.runIf(built)("node .next/standalone/server.js", () => {
  let child: ChildProcess;
  let port = 0;
  let stdout = "";
  const requestLines = () =>
    stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Partial<RequestRecord>)
      .filter((record): record is RequestRecord => record.msg === "request");

  beforeAll(async () => {
    port = await freePort();
    child = spawn(process.execPath, ["server.js"], {
      cwd: STANDALONE,
      // Only what an operator sets: no npm, no tsx, no checkout around it.
      env: {
        PATH: process.env.PATH,
        HOME: "/tmp",
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        HOSTNAME: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: fileDatabaseUrl(),
        SESSION_SECRET: "integration-test-session-secret-0123456789",
        SITE_URL: `http://localhost:${port}`,
        ALLOW_DEMO_PAYMENTS: "true",
        TRUSTED_PROXY_HOPS: "1",
      },
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    for (const until = Date.now() + 60_000; Date.now() < until; await sleep(250)) {
      const up = await get(port, "/api/health").catch(() => null);
      if (up?.status === 200) return;
      if (child.exitCode !== null) break;
    }
    throw new Error(`node server.js did not come up:\n${stdout}`);
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
  });

  it("starts without a framework warning", () => {
    expect(stdout).toContain("production server ready");
    expect(stdout).not.toMatch(/⚠|does not work with/);
  });

  it("runs as a user who owns none of its files", () => {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
    expect(uid).not.toBe(0);
    if (asRoot) expect(uid).toBe(NOBODY);
  });

  it("serves the landing page, its built assets, public files and the API", async () => {
    const page = await get(port, "/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    // A cached page: its policy names its scripts' hashes, and its build chunks their integrity,
    // read where the standalone build keeps them (scripts/lib/cached-page.mjs).
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'sha256-[^;]*'strict-dynamic'/);
    expect(page.body).toMatch(/<script src="\/_next\/static\/[^"]+\.js"[^>]* integrity="sha256-/);
    const asset = /\/_next\/static\/[^"']+\.(?:js|css)/.exec(page.body)?.[0];
    expect(asset, "a built asset linked from the page").toBeTruthy();
    expect((await get(port, asset!)).status).toBe(200);
    // The cache's copy carries its critical CSS: beasties and the build's stylesheets are found
    // where the standalone build keeps them (scripts/lib/critical-css.mjs).
    const cached = await get(port, "/");
    expect(cached.headers["x-nextjs-cache"]).toBe("HIT");
    const head = cached.body.slice(0, cached.body.indexOf("</head>"));
    expect(/<style[^>]*>([\s\S]*?)<\/style>/.exec(head)?.[1]?.length ?? 0).toBeGreaterThan(1000);
    expect(head).toMatch(
      /<link rel="stylesheet" href="\/_next\/static\/[^"]+\.css"[^>]* media="print" data-beasties-media="all">/,
    );
    expect(stdout).not.toContain('"component":"page-cache"');
    // Public files skip proxy.ts: next.config.ts's fixed policy.
    const favicon = await get(port, "/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers["content-security-policy"]).toBe(STATIC_FILE_CONTENT_SECURITY_POLICY);
    const health = await get(port, "/api/health");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: "ok", db: "ok" });
  });

  /** GET with the request id a trusted reverse proxy would send (TRUSTED_PROXY_HOPS=1 here). */
  function getAs(requestId: string, urlPath: string): Promise<number> {
    return new Promise((resolve, reject) => {
      http
        .get(
          { host: "127.0.0.1", port, path: urlPath, agent: false, headers: { "x-request-id": requestId } },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        )
        .on("error", reject);
    });
  }

  /** The request lines matching `match`, once there are `count` of them (written as a response ends). */
  async function linesWhere(match: (line: RequestRecord) => boolean, count: number): Promise<RequestRecord[]> {
    for (const until = Date.now() + 10_000; Date.now() < until; await sleep(100)) {
      if (requestLines().filter(match).length >= count) break;
    }
    await sleep(300);
    return requestLines().filter(match);
  }

  it("logs one JSON line per request: id, method, route, status, duration, and nothing personal", async () => {
    const secret = "sk_test_51SECRETsecretSECRET";
    const personal = `email=ada.lovelace%40example.com&phone=%2B14155550123&token=${secret}`;
    const run = `t${Date.now()}`;
    expect(await getAs(`${run}-page`, `/privacy?${personal}`)).toBe(200);
    expect(await getAs(`${run}-api`, `/api/health?${personal}`)).toBe(200);
    expect(await getAs(`${run}-missing`, `/no-such-page/ada.lovelace@example.com/14155550123?${personal}`)).toBe(404);
    const lines = await linesWhere((line) => line.requestId.startsWith(run), 3);
    // One line per request, though proxy.ts makes Next.js handle a page in two passes.
    expect(lines.map((line) => [line.requestId, line.method, line.route, line.status])).toEqual([
      [`${run}-page`, "GET", "/privacy", 200],
      [`${run}-api`, "GET", "/api/health", 200],
      [`${run}-missing`, "GET", "/_not-found", 404],
    ]);
    for (const line of lines) expect(line.durationMs).toBeGreaterThan(0);
    expect(stdout).not.toMatch(/ada\.lovelace|example\.com|4155550123|sk_test/);
  });

  it("makes its own request id when the proxy sends none or a malformed one", async () => {
    expect((await get(port, "/terms")).status).toBe(200);
    expect(await getAs("ada@example.com", "/terms")).toBe(200);
    const lines = await linesWhere((line) => line.route === "/terms", 2);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(stdout).not.toContain("ada@example.com");
  });

  it("on SIGTERM refuses new connections, answers the request in flight, then exits 0", async () => {
    // A request still in flight: a funnel event whose body arrives slowly.
    const body = JSON.stringify(trackEventBody("0b0c6b8e-1f7a-4b34-9a3e-0d2f5f8c2a11"));
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/track-action",
          agent: false,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1_500);
    });
    await sleep(300);
    const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill("SIGTERM");
    await sleep(300);
    const refused = await get(port, "/api/health").then(
      () => "answered",
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(refused).toBe("ECONNREFUSED");
    expect(await answer).toBe(202);
    expect(await exited).toEqual([0, null]);
    expect(requestLines().at(-1)).toMatchObject({ method: "POST", route: "/api/track-action", status: 202 });
  }, 30_000);
});
