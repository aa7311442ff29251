import { describe, expect, it } from "vitest";
import { isQualified, qualifiesAsOwner, RULE_VERSION } from "@/lib/leads/shared/qualification";
import {
  AI_EXPERIENCE_OPTIONS,
  answersFromRecord,
  INVESTMENT_OPTIONS,
  MOTIVATION_OPTIONS,
  NON_OWNER_QUESTIONS,
  OWNER_QUESTIONS,
  READINESS_OPTIONS,
  REVENUE_OPTIONS,
  type BusinessOwnerResponses,
} from "@/lib/leads/shared/survey-questions";

// Owners only; readiness ASAP / This week / Next week; budget Yes; saving money Yes;
// revenue $1M–$10M, $10M–$50M or $50M–$100M; industry ignored; non-owners never qualify.

const qualifying: BusinessOwnerResponses = {
  readyToImplement: "ASAP, I need this immediately...",
  hasBudget: "Yes",
  willSaveMoney: "Yes",
  industry: "Logistics",
  revenue: "Around $1 Million-$10 Million/year",
};

describe("qualification rule", () => {
  it("has a rule version to store with each result", () => {
    expect(RULE_VERSION).toMatch(/\S/);
  });

  it.each([
    ["ASAP, I need this immediately...", true],
    ["This week.", true],
    ["Next week.", true],
    ["In 6 months.", false],
    ["Maybe some day.", false],
  ] as const)("readiness %j → %s", (readyToImplement, expected) => {
    expect(qualifiesAsOwner({ ...qualifying, readyToImplement })).toBe(expected);
  });

  it.each([
    ["Yes", true],
    ["No", false],
  ] as const)("budget %j → %s", (hasBudget, expected) => {
    expect(qualifiesAsOwner({ ...qualifying, hasBudget })).toBe(expected);
  });

  it.each([
    ["Yes", true],
    ["No", false],
  ] as const)("saving money %j → %s", (willSaveMoney, expected) => {
    expect(qualifiesAsOwner({ ...qualifying, willSaveMoney })).toBe(expected);
  });

  it.each([
    ["Less Than $500,000/year", false],
    ["Around $1 Million-$10 Million/year", true],
    ["$10 Million-$50 Million/year", true],
    ["$50 Million-$100 Million/year", true],
    ["$100 Million-$500 Million/year", false],
    ["Over $500 Million/year", false],
  ] as const)("revenue %j → %s", (revenue, expected) => {
    expect(qualifiesAsOwner({ ...qualifying, revenue })).toBe(expected);
  });

  it("covers exactly the product's option lists", () => {
    expect(READINESS_OPTIONS).toHaveLength(5);
    expect(REVENUE_OPTIONS).toHaveLength(6);
    expect(INVESTMENT_OPTIONS).toHaveLength(4);
    expect(AI_EXPERIENCE_OPTIONS).toHaveLength(4);
    expect(MOTIVATION_OPTIONS).toHaveLength(4);
    expect(OWNER_QUESTIONS).toHaveLength(5);
    expect(NON_OWNER_QUESTIONS).toHaveLength(4);
  });

  it.each(["", "Retail", "x".repeat(2000)])("ignores the industry (%j)", (industry) => {
    expect(qualifiesAsOwner({ ...qualifying, industry })).toBe(true);
  });

  it("qualifies the owner track only through isQualified", () => {
    expect(isQualified({ hasBusiness: "Yes", businessOwnerResponses: qualifying })).toBe(true);
    expect(isQualified({ hasBusiness: "Yes", businessOwnerResponses: { ...qualifying, hasBudget: "No" } })).toBe(false);
  });

  it("never qualifies a non-owner, whatever the answers", () => {
    for (const aiExperience of AI_EXPERIENCE_OPTIONS)
      for (const businessMotivation of MOTIVATION_OPTIONS)
        for (const investmentPlan of INVESTMENT_OPTIONS)
          expect(
            isQualified({
              hasBusiness: "No",
              nonBusinessOwnerResponses: {
                aiExperience,
                businessMotivation,
                investmentPlan,
                businessVision: "An agency",
              },
            }),
          ).toBe(false);
  });
});

describe("answersFromRecord", () => {
  it("builds the API body from the modal's answers", () => {
    expect(answersFromRecord("Yes", { ...qualifying })).toEqual({
      hasBusiness: "Yes",
      businessOwnerResponses: qualifying,
    });
    expect(
      answersFromRecord("No", {
        aiExperience: AI_EXPERIENCE_OPTIONS[0],
        businessMotivation: MOTIVATION_OPTIONS[1],
        investmentPlan: INVESTMENT_OPTIONS[2],
      }),
    ).toEqual({
      hasBusiness: "No",
      nonBusinessOwnerResponses: {
        aiExperience: AI_EXPERIENCE_OPTIONS[0],
        businessMotivation: MOTIVATION_OPTIONS[1],
        investmentPlan: INVESTMENT_OPTIONS[2],
        businessVision: "",
      },
    });
  });

  it("refuses incomplete or foreign answers", () => {
    expect(answersFromRecord("Yes", { ...qualifying, revenue: "A lot" })).toBeNull();
    expect(answersFromRecord("No", {})).toBeNull();
  });
});
