import { describe, expect, it } from "vitest";
import { conditionHolds, parseStepCondition, type LeadFacts } from "@/lib/lifecycle/shared/step-condition";

const OWNER: LeadFacts = {
  track: "BUSINESS_OWNER",
  qualified: true,
  booked: false,
  purchases: [],
  source: "Newsletter",
};

describe("step conditions", () => {
  it("holds when there is none", () => {
    expect(conditionHolds(parseStepCondition(null), OWNER)).toBe(true);
  });

  it("needs every clause to hold", () => {
    const condition = parseStepCondition({ track: "BUSINESS_OWNER", qualified: true, booked: false });
    expect(conditionHolds(condition, OWNER)).toBe(true);
    expect(conditionHolds(condition, { ...OWNER, booked: true })).toBe(false);
    expect(conditionHolds(condition, { ...OWNER, qualified: false })).toBe(false);
    expect(conditionHolds(condition, { ...OWNER, track: "NON_OWNER" })).toBe(false);
  });

  it("fails a track condition for a lead who answered no survey", () => {
    expect(conditionHolds({ track: "NON_OWNER" }, { ...OWNER, track: null, qualified: null })).toBe(false);
  });

  it("checks purchases both ways and the source without case", () => {
    const bought = { ...OWNER, purchases: ["fast-forward-book"] };
    expect(conditionHolds({ bought: ["fast-forward-book"] }, bought)).toBe(true);
    expect(conditionHolds({ bought: ["ai-step-by-step"] }, bought)).toBe(false);
    expect(conditionHolds({ notBought: ["fast-forward-book"] }, bought)).toBe(false);
    expect(conditionHolds({ source: ["newsletter", "ads"] }, OWNER)).toBe(true);
    expect(conditionHolds({ source: ["ads"] }, OWNER)).toBe(false);
  });

  it("refuses a condition it does not know", () => {
    expect(() => parseStepCondition({ track: "OWNER" })).toThrow();
    expect(() => parseStepCondition({ country: "US" })).toThrow();
    expect(() => parseStepCondition({ bought: ["<script>"] })).toThrow();
  });
});
