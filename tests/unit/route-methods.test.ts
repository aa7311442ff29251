import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import ROUTE_METHODS from "@/lib/platform/shared/route-methods.json";
import { allowHeader, otherMethods, type ApiPath } from "@/lib/platform/shared/route-methods";
import { ERROR_CODES } from "@/lib/platform/shared/error-codes";
import { allowFor, refuseConnect, servedByNext } from "@/scripts/lib/front-methods.mjs";

// Every method an API route does not serve answers 405 with Allow and the error body. That each
// route file refuses exactly the methods route-methods.json leaves out is ESLint's api/route-methods.

const ALL = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
const NOT_ALLOWED = { error: { code: "method_not_allowed", message: ERROR_CODES.method_not_allowed.message } };

describe("route-methods", () => {
  it("answers 405 with Allow and the error body, and OPTIONS with 204 and the same Allow", async () => {
    const refused = otherMethods("/api/register");
    const response = refused.PUT();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("OPTIONS, POST");
    expect(await response.json()).toEqual(NOT_ALLOWED);
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
      // The front is plain JavaScript: its body is checked against the error-code table here.
      expect(JSON.parse(body ?? "")).toEqual(NOT_ALLOWED);
    } finally {
      server.close();
    }
  });
});
