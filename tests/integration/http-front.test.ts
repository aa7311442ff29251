import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildIsStale } from "../../scripts/lib/build-freshness";
import { freePort } from "../../scripts/lib/embedded-postgres";
import { PEER_HEADER, peerStamp } from "@/lib/security/server/peer-stamp";

// The production build served the two documented ways — npm start's HTTP front
// (scripts/next-server.mjs) and plain `next start` — attacked with forged client addresses and
// with methods Next.js cannot represent. Needs a production build no older than the sources;
// `npm test` runs integration tests before it builds, so on a fresh checkout this file is skipped.

const ROOT = path.resolve(import.meta.dirname, "../..");
const built = existsSync(path.join(ROOT, ".next", "BUILD_ID")) && !buildIsStale(ROOT);
const LIMIT = 3;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function send(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body = "",
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function serve(args: string[]): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: inject("databaseUrl"),
    SESSION_SECRET: "integration-test-session-secret-0123456789",
    SITE_URL: `http://localhost:${port}`,
    TRACK_ACTION_RATE_LIMIT: String(LIMIT),
    ALLOW_DEMO_PAYMENTS: "true",
  };
  const child = spawn(
    process.execPath,
    args.map((a) => a.replace("{port}", String(port))),
    {
      cwd: ROOT,
      env,
      stdio: "ignore",
    },
  );
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const up = await send(port, "GET", "/api/health", {}).catch(() => null);
    if (up?.status === 200) return { port, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`server ${args.join(" ")} did not come up`);
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/** A track-action event carrying the forged address headers of one would-be client. */
function forgedEvent(port: number, forged: number): Promise<Answer> {
  const body = JSON.stringify({
    sessionId: "0b0c6b8e-1f7a-4b34-9a3e-0d2f5f8c2a11",
    step: 2,
    action: "button_click",
    data: { source: "hero" },
    timestamp: new Date().toISOString(),
  });
  return send(
    port,
    "POST",
    "/api/track-action",
    {
      "content-type": "application/json",
      "x-forwarded-for": `6.6.6.${forged}`,
      // A stamp signed with a guessed secret, and one with no signature at all.
      [PEER_HEADER]:
        forged % 2 ? peerStamp(`7.7.7.${forged}`, "guessed-secret-guessed-secret-guessed") : `7.7.7.${forged}`,
    },
    body,
  );
}

/** Fixed one-minute windows: start well inside one so the requests share it. */
async function intoOneWindow(): Promise<void> {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoWindow));
}

describe.skipIf(!built)("the production build behind npm start's HTTP front", () => {
  let server: { port: number; child: ChildProcess } | undefined;
  beforeAll(async () => {
    server = await serve(["scripts/next-server.mjs", "start", "127.0.0.1", "{port}"]);
  }, 90_000);
  afterAll(() => stop(server?.child));

  it("answers TRACE, CONNECT-like and unknown methods with 405, Allow and the error body", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const answer = await send(server!.port, method, "/api/register", {});
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe("OPTIONS, POST");
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: "method_not_allowed", message: "This method is not allowed here." },
      });
    }
    const put = await send(server!.port, "PUT", "/api/track-action", { "content-type": "application/json" }, "{}");
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("OPTIONS, POST");
    expect(JSON.parse(put.body)).toMatchObject({ error: { code: "method_not_allowed" } });
  });

  it("counts the socket's address, whatever X-Forwarded-For or stamp the client forges", async () => {
    await intoOneWindow();
    const statuses: number[] = [];
    for (let forged = 1; forged <= LIMIT + 2; forged++) statuses.push((await forgedEvent(server!.port, forged)).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
  });
});

describe.skipIf(!built)("the production build under plain next start", () => {
  let server: { port: number; child: ChildProcess } | undefined;
  beforeAll(async () => {
    server = await serve(["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", "{port}"]);
  }, 90_000);
  afterAll(() => stop(server?.child));

  it("never believes a client-sent stamp or X-Forwarded-For (no front, no trusted proxy)", async () => {
    await intoOneWindow();
    const statuses: number[] = [];
    for (let forged = 11; forged <= 10 + LIMIT + 2; forged++) {
      statuses.push((await forgedEvent(server!.port, forged)).status);
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
  });
});
