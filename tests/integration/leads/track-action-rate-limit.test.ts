import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/platform/server/db";
import { peerHeader } from "@/tests/support/http";
import { pageViewBody } from "@/tests/support/track-event";
import { intoOneWindow } from "@/tests/support/wait";

// TRACK_ACTION_RATE_LIMIT is read once from the environment; Vitest isolates each file, so this
// file can load the route with a small limit of its own.
let POST: (request: Request) => Promise<Response>;
beforeAll(async () => {
  process.env.TRACK_ACTION_RATE_LIMIT = "5";
  ({ POST } = await import("@/app/api/track-action/route"));
});

afterAll(() => {
  delete process.env.TRACK_ACTION_RATE_LIMIT;
});

function post(peer: string, xff?: string): Request {
  return new Request("http://localhost:3000/api/track-action", {
    method: "POST",
    headers: { "content-type": "application/json", ...peerHeader(peer), ...(xff ? { "x-forwarded-for": xff } : {}) },
    body: JSON.stringify({
      sessionId: "0b0c6b8e-1f7a-4b34-9a3e-0d2f5f8c2a11",
      step: 2,
      action: "button_click",
      data: { source: "hero" },
      timestamp: new Date().toISOString(),
    }),
  });
}

describe("POST /api/track-action rate limit", () => {
  it("allows TRACK_ACTION_RATE_LIMIT events per client per minute, then 429 with Retry-After", async () => {
    // Fixed one-minute windows: start well inside one so the six requests share it.
    await intoOneWindow(10_000);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await POST(post("203.0.113.50", `10.0.0.${i}`))).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    // A new X-Forwarded-For does not make a new client when no proxy is trusted.
    const limited = await POST(post("203.0.113.50", "10.9.9.9"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client is unaffected.
    expect((await POST(post("203.0.113.51"))).status).toBe(202);
  });

  it("bounds the sessions page views can start to the same limit", async () => {
    await intoOneWindow(10_000);
    const ids = Array.from({ length: 7 }, () => randomUUID());
    const statuses: number[] = [];
    for (const id of ids) {
      const request = new Request("http://localhost:3000/api/track-action", {
        method: "POST",
        headers: { "content-type": "application/json", ...peerHeader("203.0.113.60") },
        body: JSON.stringify(pageViewBody(id)),
      });
      statuses.push((await POST(request)).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(await getDb().funnelSession.count({ where: { id: { in: ids } } })).toBe(5);
  });
});
