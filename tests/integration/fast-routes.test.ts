import { randomUUID } from "node:crypto";
import { once } from "node:events";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import { rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleFastRoutes } from "../../scripts/lib/fast-routes-bundle";
import { getDb } from "@/lib/db";
import { serveFastRoute } from "@/lib/http/fast-routes";
import { PEER_HEADER } from "@/lib/security/client-ip";

// POST /api/track-action answered by the HTTP server itself (lib/http/fast-routes.ts), as
// scripts/next-server.mjs does in production: first from source, then from the esbuild bundle
// that npm run build makes, to prove the bundle runs on plain Node.js.

type ServeFastRoute = typeof serveFastRoute;

async function listen(serve: ServeFastRoute): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    if (!serve(req, res, origin)) res.writeHead(404, { "x-served-by": "next" }).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin };
}

function event(sessionId = randomUUID()) {
  return { sessionId, step: 3, action: "form_submit", data: { source: "hero" }, timestamp: "2026-11-21T07:00:00.000Z" };
}

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

const storedFor = (sessionId: string) => getDb().funnelEvent.count({ where: { sessionId } });

describe("fast route POST /api/track-action (source)", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    const started = await listen(serveFastRoute);
    server = started.server;
    url = `${started.origin}/api/track-action`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("stores the event and answers 202 with the security headers and the browser cookie", async () => {
    const body = event();
    const response = await post(url, JSON.stringify(body));
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("set-cookie")).toMatch(/^ff_browser=.+; HttpOnly; SameSite=Lax/);
    const row = await getDb().funnelEvent.findFirstOrThrow({ where: { sessionId: body.sessionId } });
    expect(row).toMatchObject({ step: 3, action: "form_submit", data: { source: "hero" } });
    expect(row.clientTimestamp.toISOString()).toBe(body.timestamp);
  });

  it("serves the path with a query string too", async () => {
    const body = event();
    expect((await post(`${url}?from=beacon`, JSON.stringify(body))).status).toBe(202);
    expect(await storedFor(body.sessionId)).toBe(1);
  });

  it("answers bad input with the route's own errors", async () => {
    const cases: [Response, number, string][] = [
      [await post(url, "{not json"), 400, "invalid_json"],
      [await post(url, JSON.stringify({ ...event(), step: 9 })), 400, "invalid_request"],
      [await post(url, JSON.stringify(event()), { "content-type": "text/plain" }), 415, "unsupported_media_type"],
      [await post(url, JSON.stringify(event()), { origin: "https://evil.example" }), 403, "cross_site_request"],
      [await post(url, JSON.stringify({ ...event(), pad: "x".repeat(7000) })), 413, "payload_too_large"],
    ];
    for (const [response, status, code] of cases) {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: { code, message: expect.any(String) as string } });
    }
  });

  it("refuses an oversized body sent without Content-Length after reading one byte past the limit", async () => {
    const { hostname, port } = new URL(url);
    const request = http.request({ hostname, port, path: "/api/track-action", method: "POST" });
    request.setHeader("content-type", "application/json");
    request.write(`{"sessionId":"${randomUUID()}","pad":"`);
    for (let i = 0; i < 8; i++) request.write("y".repeat(1024));
    request.end('"}');
    const [response] = (await once(request, "response")) as [IncomingMessage];
    response.resume();
    expect(response.statusCode).toBe(413);
    // The rest of that body is never read, so the connection is not reused.
    expect(response.headers.connection).toBe("close");
  });

  it("leaves other methods and paths to Next.js", async () => {
    expect((await fetch(url)).headers.get("x-served-by")).toBe("next");
    const other = await post(url.replace("track-action", "register"), "{}");
    expect(other.headers.get("x-served-by")).toBe("next");
    expect((await post(`${url}/`, "{}")).headers.get("x-served-by")).toBe("next");
  });

  it("stores nothing for a client that hangs up mid-body, and keeps serving", async () => {
    const body = event();
    const json = JSON.stringify(body);
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    await once(socket, "connect");
    socket.write(
      `POST /api/track-action HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${json.length}\r\n\r\n${json.slice(0, 40)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await storedFor(body.sessionId)).toBe(0);
    expect((await post(url, JSON.stringify(event()))).status).toBe(202);
  });
});

describe("fast route bundle (npm run build)", () => {
  it("bundles for plain Node.js and serves the same route", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const outfile = path.join(".test-data", `fast-routes-${process.pid}.mjs`);
    await bundleFastRoutes(root, outfile);
    const bundle = (await import(pathToFileURL(path.join(root, outfile)).href)) as { serveFastRoute: ServeFastRoute };
    const { server, origin } = await listen(bundle.serveFastRoute);
    try {
      const body = event();
      const response = await post(`${origin}/api/track-action`, JSON.stringify(body));
      expect(response.status).toBe(202);
      expect(await storedFor(body.sessionId)).toBe(1);
      const bad = await post(`${origin}/api/track-action`, "[]");
      expect(bad.status).toBe(400);
    } finally {
      server.closeAllConnections();
      server.close();
      rmSync(path.join(root, outfile), { force: true });
      rmSync(path.join(root, `${outfile}.map`), { force: true });
    }
  });
});
