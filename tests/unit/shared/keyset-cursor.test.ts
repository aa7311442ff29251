import { describe, expect, it } from "vitest";
import { decodeSerialCursor, decodeUuidCursor, encodeCursor } from "@/lib/shared/keyset-cursor";

describe("keyset cursor", () => {
  it("round-trips (time, UUID) and (time, serial id), including ids past 2^53", () => {
    const lead = { at: new Date("2031-03-01T10:00:00.123Z"), id: "7f1c1bde-8f0a-4c1e-9d3b-0a1b2c3d4e5f" };
    expect(decodeUuidCursor(encodeCursor(lead))).toEqual(lead);
    const entry = { at: new Date("2026-11-23T08:00:00.123Z"), id: 9_007_199_254_740_993n };
    expect(decodeSerialCursor(encodeCursor(entry))).toEqual(entry);
  });

  it("reads anything it did not write as no cursor", () => {
    const uuid = "0b6c6f8e-5d0a-4a53-9a57-5a2b6f0f3c11";
    for (const value of [
      undefined,
      "",
      "x",
      "1.2.3",
      `ZZ.${uuid}`,
      `${"z".repeat(20)}.${uuid}`,
      "1.'; DROP TABLE prospects",
      // The right alphabet but no UUID: the ::uuid cast would throw (a 500).
      `1.${"-".repeat(36)}`,
      `2026-01-01T00:00:00.000Z_${uuid}`,
    ]) {
      expect(decodeUuidCursor(value)).toBeNull();
    }
    for (const value of [undefined, "", "1.2.3", "ZZ.1", "a\u0000.1", `${"z".repeat(20)}.1`, "1.-1", `1.${uuid}`]) {
      expect(decodeSerialCursor(value)).toBeNull();
    }
  });
});
