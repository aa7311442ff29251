import { describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonRoute } from "@/lib/platform/server/http/json-route";
import { browserCookieName } from "@/lib/platform/server/security/browser-cookie";
import { errorOf, jsonRequest, peerHeader } from "@/tests/support/http";

const echo = jsonRoute({
  schema: z.strictObject({
    name: z.string().min(1),
    count: z.number().int().min(1).max(50, "count must be at most 50"),
  }),
  maxBytes: 256,
  rateLimits: [{ name: `test-${Date.now()}`, limit: 3, windowSeconds: 60 }],
  handle: (input, context) => Promise.resolve(Response.json({ ...input, browserId: context.browserId })),
});

function post(body: string, headers: Record<string, string> = {}): Request {
  return jsonRequest("/api/echo", null, { raw: body, headers });
}

describe("jsonRoute", () => {
  it("runs the handler on valid input and sets a signed, httpOnly browser cookie", async () => {
    const response = await echo(post(JSON.stringify({ name: "Ada", count: 2 })));
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${browserCookieName()}=`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    const body = (await response.json()) as { browserId: string };
    expect(body.browserId).toMatch(/^[0-9a-f-]{36}$/);

    // The same cookie sent back keeps the same browser id and sets nothing new.
    const again = await echo(post(JSON.stringify({ name: "Ada", count: 2 }), { cookie: cookie.split(";")[0]! }));
    expect(((await again.json()) as { browserId: string }).browserId).toBe(body.browserId);
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it.each([
    [
      "non-JSON content type",
      post("name=x", { "content-type": "application/x-www-form-urlencoded" }),
      415,
      "unsupported_media_type",
    ],
    ["malformed JSON", post("{"), 400, "invalid_json"],
    ["an unknown key", post(JSON.stringify({ name: "x", count: 1, amount: 5 })), 400, "invalid_request"],
    ["a wrong type", post(JSON.stringify({ name: "x", count: "1" })), 400, "invalid_request"],
    ["an oversized body", post(JSON.stringify({ name: "x".repeat(400), count: 1 })), 413, "payload_too_large"],
    ["a cross-site Origin", post("{}", { origin: "https://evil.example" }), 403, "cross_site_request"],
    ["Sec-Fetch-Site cross-site", post("{}", { "sec-fetch-site": "cross-site" }), 403, "cross_site_request"],
    // 120 bytes of "[" nest deeper than any route needs; thousands once overflowed the stack (500).
    ["deeply nested JSON", post(`${"[".repeat(60)}${"]".repeat(60)}`), 400, "invalid_request"],
  ])("refuses %s", async (_name, request, status, code) => {
    const response = await echo(request);
    expect(response.status).toBe(status);
    expect((await errorOf(response)).code).toBe(code);
  });

  it("uses the schema's own wording in 400 messages", async () => {
    const response = await echo(post(JSON.stringify({ name: "x", count: 51 })));
    expect(await errorOf(response)).toEqual({ code: "invalid_request", message: "count must be at most 50" });
  });

  it("rate-limits per client in PostgreSQL; a spoofed X-Forwarded-For does not reset it", async () => {
    const from = (xff: string) =>
      post(JSON.stringify({ name: "x", count: 1 }), { ...peerHeader("198.51.100.200"), "x-forwarded-for": xff });
    for (let i = 0; i < 3; i++) expect((await echo(from(`10.0.0.${i}`))).status).toBe(200);
    const limited = await echo(from("10.9.9.9"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await errorOf(limited)).code).toBe("rate_limited");
  });
});

describe("jsonRoute with hostile cookies and bodies", () => {
  const big = jsonRoute({
    schema: z.unknown(),
    maxBytes: 64 * 1024,
    handle: () => Promise.resolve(Response.json({ ok: true })),
  });

  it("answers 400 to JSON nested tens of thousands of levels deep", async () => {
    const depth = 20_000;
    const response = await big(post(`${"[".repeat(depth)}${"]".repeat(depth)}`));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/nest/);
  });

  it.each(["x=100%", "ff_browser=%E0%A4%A", "a=%zz; ff_browser=%"])(
    "treats the malformed cookie header %j as no cookie",
    async (cookie) => {
      const response = await echo(post(JSON.stringify({ name: "Ada", count: 1 }), { cookie }));
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toContain(`${browserCookieName()}=`);
    },
  );
});

describe("jsonRoute with a client that hangs up", () => {
  it("answers 400 (not 503) when the body stream fails", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    // Node requires `duplex` for a streamed body; the DOM typings do not know it yet.
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { "content-type": "application/json", ...peerHeader("192.0.2.250") },
      body,
      duplex: "half",
    };
    const request = new Request("http://localhost:3000/api/echo", init);
    const response = await echo(request);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("body_unreadable");
  });
});
