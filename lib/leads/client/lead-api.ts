import type { z } from "zod";
import { post, RequestFailedError } from "@/lib/platform/client/client-post";
import { getFunnelSession } from "@/lib/leads/client/client-session";
import { readUtm } from "@/lib/leads/shared/utm";
import { registrationProblem } from "@/lib/leads/shared/contact-rules";
import { isQualified } from "@/lib/leads/shared/qualification";
import type { registerSchema } from "@/lib/leads/server/register-prospect";
import type { SurveyAnswers } from "@/lib/leads/shared/survey-questions";
import type { surveySchema } from "@/lib/leads/shared/survey-schema";

// Registration runs in the background during the survey; answers are sent only once the prospect
// is stored, so they are linked to it. Type imports only: this ships on the landing page.

type RegisterBody = z.input<typeof registerSchema>;
type SurveyBody = z.input<typeof surveySchema>;

const TIMEOUT_MS = 8_000;

function globalPrivacyControl(): boolean {
  const nav: Navigator & { globalPrivacyControl?: unknown } = navigator;
  return nav.globalPrivacyControl === true;
}

const hasQualified = (body: unknown): body is { qualified: boolean } =>
  typeof body === "object" && body !== null && "qualified" in body && typeof body.qualified === "boolean";

export type RegistrationResult = { ok: true } | { ok: false; problem: string };

/** Never rejects: says what to tell the visitor if it failed. */
export async function register(name: string, email: string): Promise<RegistrationResult> {
  try {
    const body: RegisterBody = {
      contactId: getFunnelSession().contactId,
      name,
      email,
      ...readUtm(window.location.search),
      gpc: globalPrivacyControl(),
    };
    await post("/api/register", body, null, "registration failed", { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { ok: true };
  } catch (error) {
    if (error instanceof RequestFailedError) {
      console.warn(`[opt-in] registration not stored (HTTP ${error.status})`);
      return { ok: false, problem: registrationProblem(error.status, error.serverMessage) };
    }
    console.warn("[opt-in] registration not sent", error);
    return { ok: false, problem: registrationProblem(null) };
  }
}

/** Unreachable server: the visitor moves on, routed by the same rule locally (never trusted server-side). */
export async function submitSurvey(answers: SurveyAnswers): Promise<boolean> {
  try {
    const body: SurveyBody = { contactId: getFunnelSession().contactId, ...answers };
    const { qualified } = await post("/api/survey", body, hasQualified, "survey failed", {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return qualified;
  } catch (error) {
    if (error instanceof RequestFailedError) console.warn(`[survey] answers not stored (HTTP ${error.status})`);
    else console.warn("[survey] answers not sent", error);
  }
  return isQualified(answers);
}
