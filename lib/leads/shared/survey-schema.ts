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

// POST /api/survey body (spec §3 names). Each track's answers must come with its own hasBusiness
// value and nothing else, so an owner answer set cannot sneak in under "No" or the reverse.

const freeText = z.string().trim().max(FREE_TEXT_MAX);

// The body limit follows from the answer cap, so a visitor who fills a free-text answer to the
// brim (the textarea stops at FREE_TEXT_MAX) is never refused for size. FREE_TEXT_MAX counts
// UTF-16 code units (as zod and the textarea's maxLength do); one code unit takes at most 6 bytes
// once JSON-encoded (a control character's \u00XX escape; an emoji is 4 UTF-8 bytes for two
// units). Room for two such answers, although each track has one, plus the choice answers,
// keys and contactId with ample headroom.
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
