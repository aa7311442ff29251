import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { readAuditPage } from "@/lib/console/server/audit-page";
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
});
