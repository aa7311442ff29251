import { describe, expect, it } from "vitest";
import { FREE_TEXT_MAX, REVENUE_OPTIONS } from "@/lib/leads/shared/survey-questions";
import { SURVEY_BODY_MAX_BYTES } from "@/lib/leads/shared/survey-schema";

// The survey route's body limit is derived from the free-text cap: an answer the textarea lets
// through must never be refused for size (it would be lost, the visitor routed locally).

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");
const longestRevenue = REVENUE_OPTIONS.reduce((a, b) => (b.length > a.length ? b : a));

describe("SURVEY_BODY_MAX_BYTES", () => {
  it("fits two maximal free-text answers of 4-byte characters plus every other field", () => {
    const emoji = "🚀".repeat(FREE_TEXT_MAX / 2);
    expect(emoji).toHaveLength(FREE_TEXT_MAX);
    const body = {
      contactId: "00000000-0000-4000-8000-000000000000",
      hasBusiness: "Yes",
      businessOwnerResponses: {
        readyToImplement: "ASAP, I need this immediately...",
        hasBudget: "Yes",
        willSaveMoney: "Yes",
        industry: emoji,
        revenue: longestRevenue,
      },
      nonBusinessOwnerResponses: { businessVision: emoji },
    };
    expect(bytes(body)).toBeLessThanOrEqual(SURVEY_BODY_MAX_BYTES);
  });

  it("fits an answer whose every code unit needs JSON's longest escape", () => {
    const escaped = "\u0001".repeat(FREE_TEXT_MAX);
    expect(bytes({ a: escaped, b: escaped })).toBeLessThanOrEqual(SURVEY_BODY_MAX_BYTES);
  });

  it("still refuses bodies far larger than any survey", () => {
    expect(SURVEY_BODY_MAX_BYTES).toBeLessThan(64 * 1024);
  });
});
