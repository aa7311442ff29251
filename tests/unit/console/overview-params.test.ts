import { describe, expect, it } from "vitest";
import { safeCsvText } from "@/lib/shared/csv-cell";
import { parseDay } from "@/lib/shared/dates";
import { parseOverviewParams } from "@/lib/console/shared/overview-params";

// The overview's address-bar rules and the CSV formula guard.

const NOW = new Date("2026-11-23T07:42:00Z");

describe("overview params", () => {
  it("defaults to the last 30 whole UTC days, today included", () => {
    const view = parseOverviewParams({}, NOW);
    expect(view).toMatchObject({ days: 30, fromDay: "2026-10-25", toDay: "2026-11-23", split: "none", error: null });
    expect(view.range).toEqual({ from: new Date("2026-10-25T00:00:00Z"), to: new Date("2026-11-24T00:00:00Z") });
  });

  it("takes a preset and a split, and ignores unknown ones", () => {
    expect(parseOverviewParams({ days: "7", split: "landing" }, NOW)).toMatchObject({
      days: 7,
      fromDay: "2026-11-17",
      split: "landing",
    });
    expect(parseOverviewParams({ days: "8", split: "nope" }, NOW)).toMatchObject({ days: 30, split: "none" });
  });

  it("takes a from/to day range with the last day included", () => {
    const view = parseOverviewParams({ from: "2031-03-01", to: "2031-03-07", days: "7" }, NOW);
    expect(view).toMatchObject({ days: null, fromDay: "2031-03-01", toDay: "2031-03-07", error: null });
    expect(view.range).toEqual({ from: new Date("2031-03-01T00:00:00Z"), to: new Date("2031-03-08T00:00:00Z") });
  });

  it("falls back to the default with a message for a bad, reversed or too long range", () => {
    expect(parseOverviewParams({ from: "2031-02-30", to: "2031-03-07" }, NOW).error).toMatch(/YYYY-MM-DD/);
    expect(parseOverviewParams({ from: "2031-03-07", to: "2031-03-01" }, NOW).error).toMatch(/from must be before to/);
    expect(parseOverviewParams({ from: "2030-01-01", to: "2031-03-01" }, NOW).error).toMatch(/at most 366 days/);
    expect(parseOverviewParams({ from: "2031-03-07" }, NOW)).toMatchObject({ days: 30 });
    expect(parseDay("2031-13-01")).toBeNull();
  });
});

describe("CSV formula guard", () => {
  it("prefixes text starting with = + - @ tab or CR, and leaves other text alone", () => {
    for (const bad of ["=1+2", "+1", "-1", "@SUM(A1)", "\t=x", "\r=x"]) expect(safeCsvText(bad)).toBe(`'${bad}`);
    for (const ok of ["Ada", "a=b", "", " =x", "'quoted"]) expect(safeCsvText(ok)).toBe(ok);
  });
});
