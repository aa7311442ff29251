import type { z } from "zod";
import type { businessOwnerResponsesSchema, nonBusinessOwnerResponsesSchema } from "@/lib/leads/shared/survey-schema";

// Option values are stored exactly as shown, so one list drives the modal, the API schema and the
// qualification rule (docs/product.md#survey).

export const HAS_BUSINESS_OPTIONS = ["Yes", "No"] as const;
export const YES_NO = ["Yes", "No"] as const;

export const READINESS_OPTIONS = [
  "ASAP, I need this immediately...",
  "This week.",
  "Next week.",
  "In 6 months.",
  "Maybe some day.",
] as const;

export const REVENUE_OPTIONS = [
  "Less Than $500,000/year",
  "Around $1 Million-$10 Million/year",
  "$10 Million-$50 Million/year",
  "$50 Million-$100 Million/year",
  "$100 Million-$500 Million/year",
  "Over $500 Million/year",
] as const;

export const AI_EXPERIENCE_OPTIONS = [
  "None yet, I'm brand new to AI.",
  "I've tried ChatGPT or similar tools.",
  "I use AI tools every week.",
  "I build things with AI already.",
] as const;

export const MOTIVATION_OPTIONS = [
  "Financial freedom.",
  "Being my own boss.",
  "Turning an idea into a real product.",
  "Building something for my family's future.",
] as const;

export const INVESTMENT_OPTIONS = [
  "Under $5,000",
  "$5,000-$15,000",
  "I'll look for outside funding",
  "I'm not sure yet",
] as const;

/** The API caps free text to keep rows sane. */
export const FREE_TEXT_MAX = 2000;

export type OwnerKey = "readyToImplement" | "hasBudget" | "willSaveMoney" | "industry" | "revenue";
export type NonOwnerKey = "aiExperience" | "businessMotivation" | "investmentPlan" | "businessVision";

export type SurveyQuestion<K extends string> =
  | { key: K; kind: "choice"; prompt: string; options: readonly string[] }
  | { key: K; kind: "text"; prompt: string; placeholder: string };

export const OPENING_QUESTION = {
  prompt: "Do you currently have a business?",
  options: HAS_BUSINESS_OPTIONS,
} as const;

export const OWNER_QUESTIONS: readonly SurveyQuestion<OwnerKey>[] = [
  {
    key: "readyToImplement",
    kind: "choice",
    prompt: "How soon are you ready to implement AI in your business?",
    options: READINESS_OPTIONS,
  },
  {
    key: "hasBudget",
    kind: "choice",
    prompt: "Do you have a budget set aside for implementing AI?",
    options: YES_NO,
  },
  {
    key: "willSaveMoney",
    kind: "choice",
    prompt: "If AI saved your business money every month, would you invest in it?",
    options: YES_NO,
  },
  {
    key: "industry",
    kind: "text",
    prompt: "What industry is your business in?",
    placeholder: "For example: logistics, dental clinics, e-commerce",
  },
  { key: "revenue", kind: "choice", prompt: "What is your business's annual revenue?", options: REVENUE_OPTIONS },
];

export const NON_OWNER_QUESTIONS: readonly SurveyQuestion<NonOwnerKey>[] = [
  {
    key: "aiExperience",
    kind: "choice",
    prompt: "How much experience do you have with AI tools?",
    options: AI_EXPERIENCE_OPTIONS,
  },
  {
    key: "businessMotivation",
    kind: "choice",
    prompt: "What is your main reason for wanting to start a business?",
    options: MOTIVATION_OPTIONS,
  },
  {
    key: "investmentPlan",
    kind: "choice",
    prompt: "How much are you planning to invest in starting your business?",
    options: INVESTMENT_OPTIONS,
  },
  {
    key: "businessVision",
    kind: "text",
    prompt: "Describe the business you would like to build.",
    placeholder: "A sentence or two is plenty",
  },
];

// Type imports: no zod in the opt-in.
export type BusinessOwnerResponses = z.input<typeof businessOwnerResponsesSchema>;
export type NonBusinessOwnerResponses = z.input<typeof nonBusinessOwnerResponsesSchema>;

export type SurveyAnswers =
  | { hasBusiness: "Yes"; businessOwnerResponses: BusinessOwnerResponses }
  | { hasBusiness: "No"; nonBusinessOwnerResponses: NonBusinessOwnerResponses };

function oneOf<T extends string>(options: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (options as readonly string[]).includes(value);
}

export function answersFromRecord(hasBusiness: "Yes" | "No", record: Record<string, string>): SurveyAnswers | null {
  if (hasBusiness === "Yes") {
    const { readyToImplement, hasBudget, willSaveMoney, revenue } = record;
    if (
      !oneOf(READINESS_OPTIONS, readyToImplement) ||
      !oneOf(YES_NO, hasBudget) ||
      !oneOf(YES_NO, willSaveMoney) ||
      !oneOf(REVENUE_OPTIONS, revenue)
    )
      return null;
    return {
      hasBusiness,
      businessOwnerResponses: { readyToImplement, hasBudget, willSaveMoney, industry: record.industry ?? "", revenue },
    };
  }
  const { aiExperience, businessMotivation, investmentPlan } = record;
  if (
    !oneOf(AI_EXPERIENCE_OPTIONS, aiExperience) ||
    !oneOf(MOTIVATION_OPTIONS, businessMotivation) ||
    !oneOf(INVESTMENT_OPTIONS, investmentPlan)
  )
    return null;
  return {
    hasBusiness,
    nonBusinessOwnerResponses: {
      aiExperience,
      businessMotivation,
      investmentPlan,
      businessVision: record.businessVision ?? "",
    },
  };
}
