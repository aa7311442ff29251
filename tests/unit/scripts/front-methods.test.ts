import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import ROUTE_METHODS from "@/scripts/lib/route-methods.json";
import { ERROR_CODES } from "@/lib/platform/shared/error-codes";
import { allowFor, refusal, refuseConnect } from "@/scripts/lib/front-methods.mjs";

// The HTTP front answers every method an API route does not serve: 405 with Allow and the error
// body, OPTIONS with 204. That route-methods.json matches the route files is ESLint's api/route-methods.

const ALL = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
const NOT_ALLOWED = { error: { code: "method_not_allowed", message: ERROR_CODES.method_not_allowed.message } };

describe("the front's answer to a method a route does not serve", () => {
  it("is 405 with Allow and the error body, and OPTIONS is 204 with the same Allow", () => {
    const put = refusal("PUT", "/api/register?x=1");
    expect(put?.status).toBe(405);
    expect(put?.headers.Allow).toBe("OPTIONS, POST");
    expect(put?.headers["Cache-Control"]).toBe("no-store");
    expect(JSON.parse(put?.body ?? "")).toEqual(NOT_ALLOWED);
    expect(refusal("OPTIONS", "/api/register")).toEqual({
      status: 204,
      headers: { Allow: "OPTIONS, POST", "Cache-Control": "no-store" },
      body: "",
    });
    expect(allowFor("/api/health")).toBe("GET, HEAD, OPTIONS");
  });

  it("leaves every served method, HEAD on a GET route, GET and POST on pages and unknown API paths to Next.js", () => {
    for (const [apiPath, served] of Object.entries(ROUTE_METHODS)) {
      for (const method of ALL) {
        const isServed = served.includes(method) || (method === "HEAD" && served.includes("GET"));
        expect(refusal(method, apiPath) === null, `${method} ${apiPath}`).toBe(isServed);
      }
    }
    for (const method of ALL) {
      expect(refusal(method, "/api/no-such-route")).toBeNull();
      expect(refusal(method, "/_next/static/x.js")).toBeNull();
    }
    for (const page of ["/", "/paid", "/admin/leads/x?y=1"]) {
      expect(refusal("GET", page)).toBeNull();
      expect(refusal("HEAD", page)).toBeNull();
      // RFC 8058's one-click unsubscribe POSTs to the page's address.
      expect(refusal("POST", page)).toBeNull();
      expect(refusal("OPTIONS", page)?.status).toBe(204);
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        // A page never reads a body: Next.js would buffer it and render the page anyway.
        expect(refusal(method, page)?.status, `${method} ${page}`).toBe(405);
        expect(refusal(method, page)?.headers.Allow).toBe("GET, HEAD, OPTIONS, POST");
      }
    }
  });

  it("refuses methods Next.js cannot represent on every path", () => {
    for (const method of ["TRACE", "PROPFIND", "TRACK"]) {
      expect(refusal(method, "/paid")?.status).toBe(405);
      expect(refusal(method, "/paid")?.headers.Allow).toBe("GET, HEAD, OPTIONS, POST");
    }
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
