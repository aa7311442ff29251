import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { countPrivacyQueue, privacyQueue, QUEUE_PAGE_SIZE } from "@/lib/privacy/server/privacy-queue";
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

  it("searches by e-mail, reference or status, pages the search by keyset and counts it", async () => {
    const tag = randomUUID().slice(0, 8);
    const base = Date.UTC(2042, 0, 1);
    const rows = Array.from({ length: QUEUE_PAGE_SIZE + 3 }, (_, i) => ({
      id: randomUUID(),
      email: `find_${tag}-${i}@example.com`,
      name: "Search Tester",
      requestType: "access",
      respondBy: new Date(base + i * 60_000),
      browserId: "test",
      status: i === 0 ? "Completed" : "received",
    }));
    await getDb().privacyRequest.createMany({ data: rows });
    const open = rows.slice(1).map((r) => r.id);

    const first = await privacyQueue("open", null, new Date(), `FIND_${tag}`);
    expect(first.rows.map((r) => r.id)).toEqual(open.slice(0, QUEUE_PAGE_SIZE));
    const second = await privacyQueue("open", decodeUuidCursor(first.next ?? undefined), new Date(), `find_${tag}`);
    expect(second.rows.map((r) => r.id)).toEqual(open.slice(QUEUE_PAGE_SIZE));
    expect(second.next).toBeNull();
    expect(await countPrivacyQueue("open", `find_${tag}`)).toEqual({ count: open.length, capped: false });
    expect(await countPrivacyQueue("completed", `find_${tag}`)).toEqual({ count: 1, capped: false });

    // The reference an e-mail gave the requester is the request's id.
    expect((await privacyQueue("completed", null, new Date(), rows[0]!.id)).rows.map((r) => r.id)).toEqual([
      rows[0]!.id,
    ]);
    // A status, in any case; and % taken literally.
    expect((await countPrivacyQueue("completed", "COMPLETED")).count).toBeGreaterThanOrEqual(1);
    expect(await countPrivacyQueue("open", `find%${tag}`)).toEqual({ count: 0, capped: false });
  });
});
