import { describe, expect, it } from "vitest";
import { decodeAuditCursor, encodeAuditCursor } from "@/lib/console/shared/audit-cursor";

describe("audit log cursor", () => {
  it("round-trips (at, id), including large ids", () => {
    const cursor = { at: new Date("2026-11-23T08:00:00.123Z"), id: 9_007_199_254_740_993n };
    expect(decodeAuditCursor(encodeAuditCursor(cursor))).toEqual(cursor);
  });

  it("reads anything else as no cursor", () => {
    for (const value of [undefined, "", "x", "1.2.3", "ZZ.1", "a\u0000.1", `${"z".repeat(20)}.1`, "1.-1"]) {
      expect(decodeAuditCursor(value)).toBeNull();
    }
  });
});
