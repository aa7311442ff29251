import type { ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import { once } from "node:events";
import { readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intoOneWindow } from "../../support/wait";
import { productionBuildReady, startBuiltServer, type BuiltServer } from "@/tests/support/built-server";
import { PEER_HEADER, peerStamp } from "@/lib/platform/server/security/peer-stamp";
import { trackEventBody } from "@/tests/support/track-event";

// The production build served the two documented ways — npm start's HTTP front
// (scripts/run/next-server.mjs) and plain `next start` — attacked with forged client addresses and
// with methods Next.js cannot represent. Needs a production build no older than the sources:
// `npm test` runs this file on its own after its build step, with HTTP_FRONT_REQUIRED=1, which
// turns a missing or stale build into a failure; a plain `vitest run` skips it without a build.

const ROOT = path.resolve(import.meta.dirname, "../../..");
const built = productionBuildReady("the production build for the HTTP front tests");

/** Every console page's address, with a UUID in each dynamic segment. */
function consolePages(dir = path.join(ROOT, "app/admin/(console)"), url = "/admin"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "page.tsx" ? [url] : [];
    const segment = /^\[.+\]$/.test(entry.name) ? "0b6c6f8e-5d0a-4a53-9a57-5a2b6f0f3c11" : entry.name;
    return consolePages(path.join(dir, entry.name), `${url}/${segment}`);
  });
}

/** A documentation address (TEST-NET) drawn per run, so a rerun never meets an earlier run's budget. */
const randomAddress = () => `198.51.100.${randomInt(1, 255)}`;
const LIMIT = 3;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * The loopback address the forged events come from: the rate-limit budget is the socket's
 * address, and this file's other requests come from 127.0.0.1.
 */
const CLIENT_ADDRESS = "127.0.0.2";

function send(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body = "",
  localAddress?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers, localAddress }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** One raw request on a fresh connection, read until the server closes it. */
function sendRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let raw = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (raw += chunk));
    socket.on("close", () => resolve(raw));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer")));
  });
}

function serve(extraEnv: Record<string, string> = {}): Promise<BuiltServer> {
  return startBuiltServer((port) => ({
    SITE_URL: `http://localhost:${port}`,
    TRACK_ACTION_RATE_LIMIT: String(LIMIT),
    ALLOW_DEMO_PAYMENTS: "true",
    ...extraEnv,
  }));
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/** A track-action event carrying the forged address headers of one would-be client. */
function forgedEvent(port: number, forged: number, forwardedFor = `6.6.6.${forged}`): Promise<Answer> {
  const body = JSON.stringify(trackEventBody("0b0c6b8e-1f7a-4b34-9a3e-0d2f5f8c2a11"));
  return send(
    port,
    "POST",
    "/api/track-action",
    {
      "content-type": "application/json",
      "x-forwarded-for": forwardedFor,
      // A stamp signed with a guessed secret, and one with no signature at all.
      [PEER_HEADER]:
        forged % 2 ? peerStamp(`7.7.7.${forged}`, "guessed-secret-guessed-secret-guessed") : `7.7.7.${forged}`,
    },
    body,
    CLIENT_ADDRESS,
  );
}

describe.runIf(built)("the production build behind npm start's HTTP front", () => {
  let server: { port: number; child: ChildProcess } | undefined;
  beforeAll(async () => {
    server = await serve();
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
    // CONNECT is not a request node:http hands to the request listener: the front's 'connect'
    // listener answers it raw (without one the socket was closed unanswered).
    const connect = await sendRaw(server!.port, "CONNECT /api/register HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const [head = "", connectBody = ""] = connect.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 405 /);
    expect(head).toContain("Allow: OPTIONS, POST");
    expect(JSON.parse(connectBody)).toEqual({
      error: { code: "method_not_allowed", message: "This method is not allowed here." },
    });
    const put = await send(server!.port, "PUT", "/api/track-action", { "content-type": "application/json" }, "{}");
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("OPTIONS, POST");
    expect(JSON.parse(put.body)).toMatchObject({ error: { code: "method_not_allowed" } });
  });

  it("sends every console page to the sign-in page without a session, showing none of it", async () => {
    const pages = consolePages();
    expect(pages.length).toBeGreaterThanOrEqual(11);
    for (const page of pages) {
      const answer = await send(server!.port, "GET", page, {});
      expect(answer.status, page).toBe(307);
      expect(answer.headers.location, page).toBe("/admin/sign-in");
      expect(answer.body, page).not.toContain("operator-email");
    }
  });

  it("answers unknown /api/* paths with the JSON not_found body, not an HTML page", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const answer = await send(server!.port, method, "/api/no-such-route/x", {});
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toContain("application/json");
      expect(JSON.parse(answer.body)).toEqual({ error: { code: "not_found", message: "Not found." } });
    }
  });

  it("answers a malformed router state header with 400 and the error body on every dynamic page", async () => {
    for (const page of ["/checkout", "/schedule-call", "/admin/sign-in", "/oto-realtime-ai-academy", "/"]) {
      for (const tree of ["garbage", "%E0%A4%A", encodeURIComponent('["", {}, 1, 2, 3, 4, 5]')]) {
        const answer = await send(server!.port, "GET", page, { rsc: "1", "next-router-state-tree": tree });
        expect(answer.status, `${page} with ${tree}`).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "invalid_request" } });
      }
    }
    // A well-formed tree passes to Next.js (which redirects a request without its cache-busting parameter).
    const tree = encodeURIComponent(JSON.stringify(["", { children: ["__PAGE__", {}] }, null, null]));
    const ok = await send(server!.port, "GET", "/privacy", { rsc: "1", "next-router-state-tree": tree });
    expect([200, 307]).toContain(ok.status);
  });

  it("sends the page policy on HTML answers to prefetch-flagged requests too", async () => {
    const flagged: Record<string, string>[] = [{ purpose: "prefetch" }, { "next-router-prefetch": "1" }, {}];
    for (const headers of flagged) {
      const answer = await send(server!.port, "GET", "/", headers);
      expect(answer.status).toBe(200);
      if (String(answer.headers["content-type"]).includes("text/html")) {
        // The landing is a cached page: its policy names its scripts' hashes.
        expect(answer.headers["content-security-policy"]).toMatch(/script-src 'sha256-[^;]*'strict-dynamic'/);
      }
      expect(answer.headers["content-security-policy"]).toBeTruthy();
    }
  });

  it("counts the socket's address, whatever X-Forwarded-For or stamp the client forges", async () => {
    await intoOneWindow(15_000);
    const statuses: number[] = [];
    for (let forged = 1; forged <= LIMIT + 2; forged++) statuses.push((await forgedEvent(server!.port, forged)).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
  });
});

describe.runIf(built)("the production build behind the front with TRUSTED_PROXY_HOPS=1", () => {
  let server: { port: number; child: ChildProcess } | undefined;
  beforeAll(async () => {
    server = await serve({ TRUSTED_PROXY_HOPS: "1" });
  }, 90_000);
  afterAll(() => stop(server?.child));

  it("counts the entry the (loopback) proxy appended, one budget per client", async () => {
    await intoOneWindow(15_000);
    // As a proxy on this host would send it: the client's forged entries first, then the
    // address the proxy saw. Two clients, each with a budget of its own.
    const first = randomAddress();
    let second = randomAddress();
    while (second === first) second = randomAddress();
    const statuses = async (client: string) => {
      const seen: number[] = [];
      for (let i = 0; i < LIMIT + 1; i++) {
        seen.push((await forgedEvent(server!.port, 100 + i, `6.6.6.${i}, ${client}`)).status);
      }
      return seen;
    };
    expect(await statuses(first)).toEqual([202, 202, 202, 429]);
    expect(await statuses(second)).toEqual([202, 202, 202, 429]);
  });
});
