import { describe, expect, it } from "vitest";
import {
  FUNNEL_PATHS,
  FUNNEL_STEPS,
  nestedStepSql,
  pathOfLanding,
  withConversions,
  type FunnelStepKey,
} from "@/lib/leads/shared/funnel-steps";

const flag = (step: FunnelStepKey) => `r_${step}`;

describe("funnel paths", () => {
  it("sends the $7 landing to checkout without an opt-in, and every other session down the free path", () => {
    expect(FUNNEL_PATHS.paid).toEqual(["page_load", "checkout", "paid"]);
    expect(FUNNEL_PATHS.free).toEqual(FUNNEL_STEPS);
    expect([pathOfLanding("paid"), pathOfLanding("free"), pathOfLanding("unknown")]).toEqual(["paid", "free", "free"]);
  });

  it("counts a step only for sessions that reached every earlier step of their own path", () => {
    expect(nestedStepSql("page_load", flag, "path")).toBe(
      "(path = 'free' AND r_page_load) OR (path = 'paid' AND r_page_load)",
    );
    expect(nestedStepSql("opt_in", flag, "path")).toBe("(path = 'free' AND r_page_load AND r_opt_in)");
    expect(nestedStepSql("checkout", flag, "path")).toBe(
      "(path = 'free' AND r_page_load AND r_opt_in AND r_survey AND r_qualified_or_offer AND r_checkout)" +
        " OR (path = 'paid' AND r_page_load AND r_checkout)",
    );
  });
});

describe("funnel conversion", () => {
  it("divides each step by the previous step of the path, null after a step with no sessions", () => {
    const counts = { page_load: 10, opt_in: 4, survey: 0, qualified_or_offer: 0, checkout: 0, paid: 0 };
    const steps = withConversions("free", counts, 0);
    expect(steps.map((s) => s.conversion)).toEqual([null, 0.4, 0, null, null, null]);
  });

  it("skips the steps the $7 path does not have, so its checkout is measured against its page loads", () => {
    // The free path's columns are zero on $7 rows: a conversion from opt-in would be 1 / 0.
    const counts = { page_load: 4, opt_in: 0, survey: 0, qualified_or_offer: 0, checkout: 2, paid: 1 };
    const steps = withConversions("paid", counts, 700);
    expect(steps.map((s) => [s.step, s.sessions, s.conversion])).toEqual([
      ["page_load", 4, null],
      ["checkout", 2, 0.5],
      ["paid", 1, 0.5],
    ]);
    expect(steps.map((s) => s.revenuePerSession)).toEqual([175, 350, 700]);
  });
});
