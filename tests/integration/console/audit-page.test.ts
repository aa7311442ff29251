import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { auditQuerySchema, countAuditEntries, readAuditPage } from "@/lib/console/server/audit-page";
import { signedInOperator } from "@/tests/support/operator-session";

// The audit log page reads newest first in keyset pages on (at, id) — entries that
// share a timestamp are neither skipped nor repeated — filtered by action and by operator.

const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

describe("audit log page", () => {
  it("pages through every entry exactly once, newest first, with ties on the timestamp", async () => {
    const action = `test.page_${letters()}`;
    const { operatorId, email } = await signedInOperator();
    const base = Date.UTC(2026, 10, 23, 8, 0, 0);
    // Seven entries, three of them at one instant.
    const times = [0, 1000, 1000, 1000, 2000, 3000, 4000].map((offset) => new Date(base + offset));
    for (const [index, at] of times.entries()) {
      await getDb().auditLog.create({
        data: { operatorId, action, targetType: "order", targetId: `o${index}`, at, ip: "203.0.113.9" },
      });
    }
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const { rows, next } = await readAuditPage({ action, before }, 3);
      seen.push(...rows.map((row) => row.target ?? ""));
      expect(rows.every((row) => row.who === email && row.ip === "203.0.113.9")).toBe(true);
      if (!next) break;
      before = next;
    }
    expect(seen).toEqual(["order o6", "order o5", "order o4", "order o3", "order o2", "order o1", "order o0"]);
  });

  it("filters by operator and action, and names the command line and the system", async () => {
    const a = await signedInOperator();
    const b = await signedInOperator();
    const action = `test.filter_${letters()}`;
    await recordAudit({ operatorId: a.operatorId, action, targetType: "operator", targetId: b.operatorId });
    await recordAudit({ operatorId: b.operatorId, action });
    await recordAudit({ operatorId: null, action, details: { actor: "cli" } });
    await recordAudit({ operatorId: null, action, details: { failures: 5 } });

    const byA = await readAuditPage({ action, operator: a.operatorId });
    expect(byA.rows.map((row) => [row.who, row.target])).toEqual([[a.email, `operator ${b.email}`]]);
    const all = await readAuditPage({ action });
    expect(all.rows.map((row) => row.who)).toEqual(["system", "command line", b.email, a.email]);
    expect(all.rows[0]!.details).toBe("failures: 5");
    expect(all.next).toBeNull();
  });

  it("searches actor, action or target (taking % and _ literally) and counts the matches", async () => {
    const actor = await signedInOperator();
    const other = await signedInOperator();
    const tag = letters();
    await recordAudit({
      operatorId: actor.operatorId,
      action: `test.search_${tag}`,
      targetType: "order",
      targetId: "o1",
    });
    await recordAudit({
      operatorId: other.operatorId,
      action: "test.other",
      targetType: "lead",
      targetId: `lead-${tag}`,
    });
    await recordAudit({
      operatorId: other.operatorId,
      action: "test.other",
      targetType: "operator",
      targetId: actor.operatorId,
    });
    const search = async (q: string, extra: { action?: string } = {}) => {
      const query = auditQuerySchema.parse({ q, ...extra });
      const [{ rows }, count] = await Promise.all([readAuditPage(query), countAuditEntries(query)]);
      return { rows: rows.map((row) => `${row.action} ${row.target ?? ""}`), count };
    };
    expect(await search(`SEARCH_${tag}`)).toEqual({
      rows: [`test.search_${tag} order o1`],
      count: { count: 1, capped: false },
    });
    expect((await search(`lead-${tag}`)).rows).toEqual([`test.other lead lead-${tag}`]);
    // The operator's e-mail finds what they did and what was done to them (their set-up too).
    const byEmail = await search(actor.email);
    expect(byEmail.rows.some((row) => row.startsWith("operator.create "))).toBe(true);
    expect(byEmail.rows.filter((row) => row.startsWith("test."))).toEqual([
      `test.other operator ${actor.email}`,
      `test.search_${tag} order o1`,
    ]);
    expect((await search(`search%${tag}`)).count.count).toBe(0);
    expect((await search(actor.email, { action: "test.other" })).rows).toEqual([`test.other operator ${actor.email}`]);
    // Too short for the trigram index: no search, the whole log.
    expect(auditQuerySchema.parse({ q: "ab" }).q).toBeUndefined();
  });
});
