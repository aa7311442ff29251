import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";

// The write-behind counter behind POST /api/track-action: two module instances stand for two
// app instances sharing one PostgreSQL.

async function freshInstance() {
  vi.resetModules();
  return (await import("@/lib/tracking/event-rate-limit")).consumeEventBudget;
}

describe("track-action rate limit across instances", () => {
  it("adds each instance's count to the shared row, so the limit holds for both", async () => {
    const rule = { name: `events-${randomUUID()}`, limit: 5, windowSeconds: 3600 };
    const now = Date.now();
    const a = await freshInstance();
    for (let i = 0; i < 3; i++) expect(await a(rule, "203.0.113.9", now)).toEqual({ allowed: true });
    await new Promise((resolve) => setTimeout(resolve, 400)); // let instance A write behind

    const { getDb } = await import("@/lib/db");
    const [row] = await getDb().rateLimitBucket.findMany({ where: { key: `${rule.name}:203.0.113.9` } });
    expect(row?.count).toBe(3);

    const b = await freshInstance();
    expect(await b(rule, "203.0.113.9", now)).toEqual({ allowed: true }); // 4th
    expect(await b(rule, "203.0.113.9", now)).toEqual({ allowed: true }); // 5th
    const refused = await b(rule, "203.0.113.9", now);
    expect(refused.allowed).toBe(false);
    // Another client has its own budget.
    expect(await b(rule, "203.0.113.10", now)).toEqual({ allowed: true });
  });
});
