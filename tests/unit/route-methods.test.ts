import { once } from "node:events";
import { readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import ROUTE_METHODS from "@/lib/platform/shared/route-methods.json";
import { allowHeader, otherMethods, type ApiPath } from "@/lib/platform/shared/route-methods";
import { allowFor, refuseConnect, servedByNext } from "@/scripts/lib/front-methods.mjs";

// Every method an API route does not serve answers 405 with Allow and the error body (issue 9,
// item 4). The table route-methods.json must match the route files, or a route would refuse its
// own method (or serve one the table does not list).

const root = path.resolve(import.meta.dirname, "../..");
const ALL = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    // app/api/[...slug] is the catch-all 404 (tested below), not a route of the table.
    if (statSync(full).isDirectory()) return entry.startsWith("[") ? [] : routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

const routes = routeFiles(path.join(root, "app/api")).map((file) => ({
  file,
  apiPath: `/${path.relative(path.join(root, "app"), path.dirname(file)).split(path.sep).join("/")}`,
}));

describe("route-methods.json", () => {
  it("lists every API route", () => {
    expect(routes.map((r) => r.apiPath).sort()).toEqual(Object.keys(ROUTE_METHODS).sort());
  });

  it.each(routes)("$apiPath exports its own methods and refuses every other one", ({ file, apiPath }) => {
    const source = readFileSync(file, "utf8");
    const served = ROUTE_METHODS[apiPath as ApiPath];
    for (const method of served) {
      expect(source).toMatch(new RegExp(`export (const|async function|function) ${method}\\b`));
    }
    const refused = /export const \{ ([A-Z, ]+) \} = otherMethods\("([^"]+)"\);/.exec(source);
    expect(refused?.[2]).toBe(apiPath);
    const expected = ALL.filter((m) => !served.includes(m) && !(m === "HEAD" && served.includes("GET")));
    expect(refused?.[1]?.split(", ").sort()).toEqual(expected.sort());
  });

  it("answers 405 with Allow and the error body, and OPTIONS with 204 and the same Allow", async () => {
    const refused = otherMethods("/api/register");
    const response = refused.PUT();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("OPTIONS, POST");
    expect(await response.json()).toEqual({
      error: { code: "method_not_allowed", message: "This method is not allowed here." },
    });
    const options = refused.OPTIONS();
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("OPTIONS, POST");
    expect(allowHeader("/api/health")).toBe("GET, HEAD, OPTIONS");
  });

  it("gives the HTTP front the same Allow for methods Next.js cannot represent", () => {
    for (const apiPath of Object.keys(ROUTE_METHODS) as ApiPath[]) {
      expect(allowFor(`${apiPath}?x=1`)).toBe(allowHeader(apiPath));
    }
    expect(allowFor("/paid")).toBe("GET, HEAD, OPTIONS");
    expect(["TRACE", "CONNECT", "PROPFIND", "TRACK"].some((m) => servedByNext(m))).toBe(false);
    expect(ALL.every((m) => servedByNext(m))).toBe(true);
  });
});

describe("unknown /api/* paths", () => {
  it("answer every method with the API's 404 error body, not Next.js's HTML page", async () => {
    const catchAll: Record<string, unknown> = await import("@/app/api/[...slug]/route");
    for (const method of ALL) {
      const handler = catchAll[method];
      expect(typeof handler, method).toBe("function");
      const response = (handler as () => Response)();
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
    }
  });
});

describe("the front's answer to CONNECT", () => {
  it("is a raw 405 with Allow and the error body (node:http would otherwise just close the socket)", async () => {
    const server = http.createServer((_req, res) => res.end());
    server.on("connect", refuseConnect);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as net.AddressInfo;
      const socket = net.connect(port, "127.0.0.1");
      socket.end("CONNECT /api/register HTTP/1.1\r\nHost: localhost\r\n\r\n");
      let raw = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (raw += chunk));
      await once(socket, "close");
      const [head = "", body] = raw.split("\r\n\r\n");
      expect(head).toMatch(/^HTTP\/1\.1 405 /);
      expect(head).toContain("\r\nAllow: OPTIONS, POST");
      expect(JSON.parse(body ?? "")).toEqual({
        error: { code: "method_not_allowed", message: "This method is not allowed here." },
      });
    } finally {
      server.close();
    }
  });
});
