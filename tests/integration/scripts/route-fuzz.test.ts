import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ROUTE_METHODS from "@/scripts/lib/route-methods.json";
import { productionBuildReady, startBuiltServer, type BuiltServer } from "@/tests/support/built-server";
import { OPERATOR_ROLES } from "@/lib/operators/shared/permissions";
import { signedInOperator } from "@/tests/support/operator-session";

// Every route of the production build — pages, the API, better-auth's endpoints open or not — with
// no operator session and with one of each role, sent 20 MB bodies and the headers Next.js parses itself: no
// answer is ≥ 500 and the server's memory stays flat. Runs after the build step, as http-front does.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const built = productionBuildReady("the production build for the route fuzz");

const ID = "0b6c6f8e-5d0a-4a53-9a57-5a2b6f0f3c11";
const BIG = Buffer.alloc(20 * 1024 * 1024, "a");
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

/** Every page's address (route groups dropped, a UUID in each dynamic segment). */
function pages(dir = path.join(ROOT, "app"), url = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "page.tsx" ? [url || "/"] : [];
    if (entry.name === "api") return [];
    const segment = /^\(.+\)$/.test(entry.name) ? "" : /^\[.+\]$/.test(entry.name) ? `/${ID}` : `/${entry.name}`;
    return pages(path.join(dir, entry.name), `${url}${segment}`);
  });
}

// better-auth's endpoints: the ones the console uses and ones it must keep closed.
const AUTH_PATHS = [
  "/get-session",
  "/sign-in/email",
  "/sign-out",
  "/passkey/generate-register-options",
  "/passkey/generate-authenticate-options",
  "/passkey/verify-registration",
  "/passkey/verify-authentication",
  "/passkey/delete-passkey",
  "/passkey/list-user-passkeys",
  "/passkey/update-passkey",
  "/sign-up/email",
  "/update-user",
  "/change-password",
  "/change-email",
  "/delete-user",
  "/request-password-reset",
  "/reset-password",
  "/reset-password/x",
  "/verify-email",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/list-accounts",
  "/two-factor/enable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/ok",
  "/error",
].map((p) => `/api/auth${p}`);

const API_PATHS = [...Object.keys(ROUTE_METHODS), "/api/no-such-route"];

// Headers Next.js reads before any of our code: the router's, server actions', its internal ones.
const NEXT_HEADERS: Record<string, string>[] = [
  { rsc: "1", "next-router-state-tree": "garbage" },
  { rsc: "1", "next-router-state-tree": encodeURIComponent("[".repeat(5000)) },
  { rsc: "1", "next-router-prefetch": "1", "next-router-segment-prefetch": "/../../x" },
  { "next-action": "0".repeat(40), "content-type": "text/plain;charset=UTF-8" },
  { "next-action": "x", "content-type": "multipart/form-data; boundary=---" },
  { "next-url": "/%E0%A4%A", rsc: "1" },
  { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
  { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
  { "x-nextjs-data": "1", "x-invoke-path": "/admin", "x-invoke-query": "%" },
  { "x-now-route-matches": "%", "x-matched-path": "/admin/leads" },
  { "x-forwarded-host": "evil.example", "x-forwarded-proto": "gopher" },
  { accept: "text/x-component", range: "bytes=9-1,zz", "if-none-match": "\\x7f" },
  { cookie: `a=${"%".repeat(8000)}`, "accept-language": "x".repeat(4000) },
];

type Answer = { status: number; location: string | undefined; body: string };

/**
 * One request on its own connection. A body is written in 64 KiB pieces until the server answers,
 * as a browser does; a server that closes without answering reads as status 0.
 */
function send(port: number, method: string, urlPath: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<Answer>((resolve, reject) => {
    let answered = false;
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, agent: false }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text.length < 4096 ? (text += chunk) : undefined));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: text }));
    });
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET"
        ? resolve({ status: 0, location: undefined, body: "" })
        : reject(error),
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${urlPath}: no answer in 60 s`)));
    if (!body) return void req.end();
    let offset = 0;
    const write = () => {
      while (!answered && offset < body.length) {
        const piece = body.subarray(offset, offset + 65_536);
        offset += piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

function residentMegabytes(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

describe.runIf(built)("every route of the production build, fuzzed", () => {
  let server: BuiltServer | undefined;
  let origin = "";
  const sessions: { label: string; cookie: string }[] = [{ label: "no session", cookie: "" }];
  const failures: string[] = [];
  const closed: string[] = [];

  async function probe(label: string, method: string, urlPath: string, headers: Record<string, string>, body?: Buffer) {
    const answer = await send(server!.port, method, urlPath, { origin, ...headers }, body);
    if (answer.status === 0) closed.push(`${label} ${method} ${urlPath}`);
    if (answer.status >= 500) failures.push(`${label} ${method} ${urlPath}: ${answer.status}`);
    return answer;
  }

  beforeAll(async () => {
    server = await startBuiltServer((port) => ({ SITE_URL: `http://localhost:${port}`, ALLOW_DEMO_PAYMENTS: "true" }));
    origin = `http://localhost:${server.port}`;
    // The server shares this process's database and secret, so sessions made here sign in there.
    for (const role of OPERATOR_ROLES) {
      const { cookie, email } = await signedInOperator({ role });
      const session = await send(server.port, "GET", "/api/auth/get-session", { origin, cookie });
      expect(session.body, role).toContain(email);
      sessions.push({ label: role, cookie });
    }
  }, 120_000);
  afterAll(() => stop(server?.child));

  /**
   * One 20 MB body to each API route and better-auth endpoint with each session, in every method
   * that reaches Next.js (the front answers the others 405 before reading, front-methods.test.ts).
   */
  async function bigRound(): Promise<number> {
    let sent = 0;
    const routes: [string, readonly string[]][] = [
      ...Object.entries(ROUTE_METHODS),
      ["/api/no-such-route", METHODS],
      ...AUTH_PATHS.map((p) => [p, ["GET", "POST"]] as [string, string[]]),
    ];
    for (const { label, cookie } of sessions) {
      for (const [target, methods] of routes) {
        for (const method of methods) {
          const headers: Record<string, string> = { "content-type": "application/json", ...(cookie ? { cookie } : {}) };
          await probe(label, method, target, headers, method === "GET" ? undefined : BIG);
          sent++;
        }
      }
    }
    // Eight at once at the sign-in, as an attacker would send them.
    await Promise.all(
      Array.from({ length: 8 }, () =>
        probe("burst", "POST", "/api/auth/sign-in/email", { "content-type": "application/json" }, BIG),
      ),
    );
    return sent + 8;
  }

  it("answers 20 MB bodies on every API route, method and session below 500, with flat memory", async () => {
    // The first round also loads every route's code; the second shows whether bodies are kept.
    const start = residentMegabytes(server!.child);
    const sent = await bigRound();
    const afterFirst = residentMegabytes(server!.child);
    await bigRound();
    const afterSecond = residentMegabytes(server!.child);
    console.log(
      `route fuzz: 2 × ${sent} requests of 20 MB (${closed.length} closed unanswered); ` +
        `resident ${start.toFixed(0)} → ${afterFirst.toFixed(0)} → ${afterSecond.toFixed(0)} MB`,
    );
    expect(failures).toEqual([]);
    // A server that answers 413 and closes while the body still comes may lose its answer to a reset;
    // both rounds' losses against both rounds' requests.
    expect(closed.length).toBeLessThan((2 * sent) / 10);
    expect(afterSecond - afterFirst).toBeLessThan(40);
  }, 600_000);

  it("answers the headers Next.js parses on every page and API route below 500", async () => {
    const targets = [...pages(), ...API_PATHS, ...AUTH_PATHS];
    const console_ = (target: string) => /^\/(admin|api\/admin|api\/auth)(\/|$)/.test(target);
    for (const { label, cookie } of sessions) {
      // Signed in, only what a session changes: the console and its APIs.
      for (const target of cookie ? targets.filter(console_) : targets) {
        for (const headers of NEXT_HEADERS) {
          const withCookie = cookie && !headers.cookie ? { ...headers, cookie } : headers;
          const answer = await probe(label, headers["next-action"] ? "POST" : "GET", target, withCookie);
          // No internal header may open the console without a session.
          if (!cookie && /^\/admin(\/|$)/.test(target) && target !== "/admin/sign-in" && target !== "/admin/setup") {
            expect(answer.status, `${target} ${JSON.stringify(headers).slice(0, 80)}`).not.toBe(200);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
