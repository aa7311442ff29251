import { z } from "zod";
import { contactIdSchema } from "@/lib/leads/shared/contact-id";
import {
  AI_EXPERIENCE_OPTIONS,
  FREE_TEXT_MAX,
  INVESTMENT_OPTIONS,
  MOTIVATION_OPTIONS,
  READINESS_OPTIONS,
  REVENUE_OPTIONS,
  YES_NO,
} from "@/lib/leads/shared/survey-questions";

// Each track's answers must carry its own hasBusiness value, so an owner set cannot pass under "No".

const freeText = z.string().trim().max(FREE_TEXT_MAX);

// Sized from the answer cap, so a full free-text answer is never refused for size: one UTF-16
// unit JSON-encodes to at most 6 bytes (a \u00XX escape).
const MAX_JSON_BYTES_PER_CODE_UNIT = 6;
const OTHER_FIELDS_BYTES = 2 * 1024;
export const SURVEY_BODY_MAX_BYTES = 2 * FREE_TEXT_MAX * MAX_JSON_BYTES_PER_CODE_UNIT + OTHER_FIELDS_BYTES;

export const businessOwnerResponsesSchema = z.strictObject({
  readyToImplement: z.enum(READINESS_OPTIONS),
  hasBudget: z.enum(YES_NO),
  willSaveMoney: z.enum(YES_NO),
  industry: freeText,
  revenue: z.enum(REVENUE_OPTIONS),
});

export const nonBusinessOwnerResponsesSchema = z.strictObject({
  aiExperience: z.enum(AI_EXPERIENCE_OPTIONS),
  businessMotivation: z.enum(MOTIVATION_OPTIONS),
  investmentPlan: z.enum(INVESTMENT_OPTIONS),
  businessVision: freeText,
});

export const surveySchema = z.discriminatedUnion("hasBusiness", [
  z.strictObject({
    contactId: contactIdSchema,
    hasBusiness: z.literal("Yes"),
    businessOwnerResponses: businessOwnerResponsesSchema,
  }),
  z.strictObject({
    contactId: contactIdSchema,
    hasBusiness: z.literal("No"),
    nonBusinessOwnerResponses: nonBusinessOwnerResponsesSchema,
  }),
]);

export type SurveyInput = z.infer<typeof surveySchema>;
