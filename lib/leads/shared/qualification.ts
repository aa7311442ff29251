import {
  READINESS_OPTIONS,
  REVENUE_OPTIONS,
  type BusinessOwnerResponses,
  type SurveyAnswers,
} from "@/lib/leads/shared/survey-questions";

// Pure, so the server decides and tests pin every option (docs/product.md#qualification). Bump
// RULE_VERSION whenever the rule changes.

export const RULE_VERSION = "spec-5-v1";

const READY: ReadonlySet<string> = new Set<string>([READINESS_OPTIONS[0], READINESS_OPTIONS[1], READINESS_OPTIONS[2]]);
const REVENUE: ReadonlySet<string> = new Set<string>([REVENUE_OPTIONS[1], REVENUE_OPTIONS[2], REVENUE_OPTIONS[3]]);

export function qualifiesAsOwner(answers: BusinessOwnerResponses): boolean {
  // Industry is deliberately not part of the rule.
  return (
    READY.has(answers.readyToImplement) &&
    answers.hasBudget === "Yes" &&
    answers.willSaveMoney === "Yes" &&
    REVENUE.has(answers.revenue)
  );
}

export function isQualified(answers: SurveyAnswers): boolean {
  return answers.hasBusiness === "Yes" && qualifiesAsOwner(answers.businessOwnerResponses);
}
