// POST /api/survey — stores the survey answers and answers with the server-computed { qualified }.
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { gpcFromRequest } from "@/lib/leads/shared/gpc";
import { submitSurvey } from "@/lib/leads/server/submit-survey";
import { SURVEY_BODY_MAX_BYTES, surveySchema } from "@/lib/leads/shared/survey-schema";

export const POST = jsonRoute({
  schema: surveySchema,
  maxBytes: SURVEY_BODY_MAX_BYTES,
  rateLimits: [{ name: "survey", limit: 20, windowSeconds: 600 }],
  handle: async (input, context) => {
    const { qualified } = await submitSurvey(input, {
      browserId: context.browserId,
      gpcOptOut: gpcFromRequest(context.request),
    });
    return noStoreJson({ qualified });
  },
});
