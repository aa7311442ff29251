import { describe, expect, it } from "vitest";
import { readableLine } from "@/lib/platform/server/logger";
import { requestLine, scrubPath } from "@/lib/platform/shared/request-line";

// The one log line per request names the matched route, never the address the client sent:
// a query string or a path segment can carry an e-mail, a phone number or a token.
describe("requestLine", () => {
  const attributes = {
    "http.method": "POST",
    "http.target": "/api/register?email=ada%40example.com",
    "http.status_code": 400,
    "next.route": "/api/register",
  };

  it("logs the route pattern, method, status, duration and id", () => {
    expect(requestLine(attributes, 12.345, "abc")).toEqual({
      requestId: "abc",
      method: "POST",
      route: "/api/register",
      status: 400,
      durationMs: 12.3,
    });
    expect(requestLine({ ...attributes, "next.route": "/offer/[slug]", "next.rsc": true }, 1, "x")).toMatchObject({
      route: "/offer/[slug]",
      rsc: true,
    });
  });

  it("falls back to the path without its query when no route matched", () => {
    const line = requestLine({ "http.method": "GET", "http.target": "/nope?phone=%2B14155550123" }, 3, "id");
    expect(line.route).toBe("/nope");
    expect(JSON.stringify(line)).not.toMatch(/4155550123|phone/);
  });
});

describe("scrubPath", () => {
  it.each([
    ["/a/b?x=1#y", "/a/b"],
    ["/", "/"],
    ["?q=1", "/"],
    ["/u/ada@example.com", "/u/:redacted"],
    ["/u/ada%40example.com", "/u/:redacted"],
    ["/call/+14155550123", "/call/:redacted"],
    ["/t/" + "a".repeat(41), "/t/:redacted"],
    ["/bad/%E0%A4%A", "/bad/:redacted"],
    ["/caf%C3%A9", "/:redacted"],
    ["/offer/fast-forward-book", "/offer/fast-forward-book"],
  ])("%s → %s", (target, expected) => {
    expect(scrubPath(target)).toBe(expected);
  });
});

describe("readableLine (development and test output)", () => {
  it("prints time, level, message and the fields", () => {
    const json = JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 12, 0, 0), msg: "request", status: 200 });
    expect(readableLine(json)).toBe("12:00:00.000 INFO  request status=200\n");
    expect(readableLine("not json")).toBe("not json");
  });
});
