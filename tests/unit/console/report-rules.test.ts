import { describe, expect, it } from "vitest";
import { withConversions } from "@/lib/leads/shared/funnel-steps";
import { reportRangeSchema } from "@/lib/shared/report-range";

describe("funnel conversion", () => {
  it("divides each step by the previous one, null after a step with no sessions", () => {
    const steps = withConversions({ page_load: 10, opt_in: 4, survey: 0, qualified_or_offer: 0, checkout: 2, paid: 1 });
    expect(steps.map((s) => s.conversion)).toEqual([null, 0.4, 0, null, null, 0.5]);
  });
});

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
