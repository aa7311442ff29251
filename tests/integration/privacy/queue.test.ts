import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { privacyQueue, QUEUE_PAGE_SIZE } from "@/lib/privacy/server/privacy-queue";
import { decodeUuidCursor } from "@/lib/shared/keyset-cursor";

// The queue's order (respond_by, then id), its open/completed split and its keyset pages. Rows are
// dated in 2041, after any other test's requests, and read from a cursor just before them.

describe("privacy queue", () => {
  it("orders by answer date, splits open from completed, and pages by keyset without gaps or repeats", async () => {
    const base = Date.UTC(2041, 0, 1);
    const rows = Array.from({ length: QUEUE_PAGE_SIZE + 15 }, (_, i) => ({
      id: randomUUID(),
      email: `queue-${i}@example.com`,
      name: "Queue Tester",
      requestType: "access",
      // Pairs share a date, so the id decides between them.
      respondBy: new Date(base + Math.floor(i / 2) * 60_000),
      browserId: "test",
      status: i % 7 === 3 ? "Completed" : "received",
    }));
    await getDb().privacyRequest.createMany({ data: rows });
    const expected = (status: "open" | "completed") =>
      rows
        .filter((r) => (status === "open") === (r.status === "received"))
        .sort((a, b) => a.respondBy.getTime() - b.respondBy.getTime() || a.id.localeCompare(b.id))
        .map((r) => r.id);

    const before = { at: new Date(base - 1), id: "00000000-0000-0000-0000-000000000000" };
    const seen: string[] = [];
    let pages = 0;
    for (let cursor: typeof before | null = before; ;) {
      const page = await privacyQueue("open", cursor);
      pages += 1;
      expect(page.rows.length).toBeLessThanOrEqual(QUEUE_PAGE_SIZE);
      seen.push(...page.rows.map((r) => r.id));
      if (!page.next) break;
      cursor = decodeUuidCursor(page.next);
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => rows.some((r) => r.id === id))).toEqual(expected("open"));

    const done = await privacyQueue("completed", before);
    expect(done.rows.map((r) => r.id).filter((id) => rows.some((r) => r.id === id))).toEqual(expected("completed"));
  });
});
