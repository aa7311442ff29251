import { describe, expect, it } from "vitest";
import { reportRangeSchema } from "@/lib/shared/report-range";

describe("report range", () => {
  it("takes ISO dates and refuses an inverted, empty or over-long range", () => {
    expect(reportRangeSchema.safeParse({ from: "2031-03-01", to: "2031-03-08" }).success).toBe(true);
    expect(reportRangeSchema.safeParse({ from: "2031-03-08", to: "2031-03-01" }).success).toBe(false);
    expect(reportRangeSchema.safeParse({ from: "2031-03-01", to: "2031-03-01" }).success).toBe(false);
    expect(reportRangeSchema.safeParse({ from: "2030-01-01", to: "2031-03-01" }).success).toBe(false);
    expect(reportRangeSchema.safeParse({ from: "nope", to: "2031-03-01" }).success).toBe(false);
    expect(reportRangeSchema.safeParse({ from: "2031-03-01", to: "2031-03-02", extra: 1 }).success).toBe(false);
  });
});
