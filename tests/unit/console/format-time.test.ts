import { describe, expect, it } from "vitest";
import { formatConsoleTime, zoneAbbreviation } from "@/lib/console/shared/format-time";

// Stored instants shown in the operator's zone with the abbreviation in force at that instant,
// across both daylight-saving switches.

describe("formatConsoleTime", () => {
  it("shows a New York morning call in New York time, not UTC", () => {
    expect(formatConsoleTime(new Date("2026-11-27T14:30:00Z"), "America/New_York")).toBe("Nov 27, 2026, 9:30 AM EST");
    expect(formatConsoleTime(new Date("2026-11-27T14:30:00Z"), "UTC")).toBe("Nov 27, 2026, 2:30 PM UTC");
  });

  it("switches EST to EDT at the spring gap (2:00 AM is skipped)", () => {
    expect(formatConsoleTime(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toBe("Mar 8, 2026, 1:59 AM EST");
    expect(formatConsoleTime(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe("Mar 8, 2026, 3:00 AM EDT");
  });

  it("tells the two 1:30 AMs of the autumn overlap apart", () => {
    expect(formatConsoleTime(new Date("2026-11-01T05:30:00Z"), "America/New_York")).toBe("Nov 1, 2026, 1:30 AM EDT");
    expect(formatConsoleTime(new Date("2026-11-01T06:30:00Z"), "America/New_York")).toBe("Nov 1, 2026, 1:30 AM EST");
  });

  it("moves the calendar day with the zone", () => {
    expect(formatConsoleTime("2026-11-27T23:30:00Z", "Asia/Tokyo")).toBe("Nov 28, 2026, 8:30 AM GMT+9");
    expect(formatConsoleTime("2026-03-29T01:00:00Z", "Europe/Berlin")).toBe("Mar 29, 2026, 3:00 AM GMT+2");
  });

  it("shows a dash for no date or an unreadable one", () => {
    expect(formatConsoleTime(null, "UTC")).toBe("—");
    expect(formatConsoleTime(undefined, "UTC")).toBe("—");
    expect(formatConsoleTime("not a date", "UTC")).toBe("—");
  });
});

describe("zoneAbbreviation", () => {
  it("names the zone as in force at the instant", () => {
    expect(zoneAbbreviation(new Date("2026-01-15T12:00:00Z"), "America/New_York")).toBe("EST");
    expect(zoneAbbreviation(new Date("2026-07-15T12:00:00Z"), "America/New_York")).toBe("EDT");
    expect(zoneAbbreviation(new Date("2026-07-15T12:00:00Z"), "UTC")).toBe("UTC");
  });
});
