import { errorMessageOf } from "@/lib/http/client-post";
import { getFunnelSession } from "@/lib/funnel/client-session";
import { readUtm } from "@/lib/funnel/utm";
import { registrationProblem } from "@/lib/lead-capture/contact-rules";
import { isQualified } from "@/lib/lead-capture/qualification";
import type { SurveyAnswers } from "@/lib/lead-capture/survey-questions";

// Browser side of the opt-in: registration runs in the background while the visitor answers
// the survey; the survey then waits for it (the server needs the session bound first) and only
// sends the answers once the prospect is stored, so they are linked to it.

const TIMEOUT_MS = 8_000;

function globalPrivacyControl(): boolean {
  const nav: Navigator & { globalPrivacyControl?: unknown } = navigator;
  return nav.globalPrivacyControl === true;
}

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

export type RegistrationResult = { ok: true } | { ok: false; problem: string };

/** Never rejects: says whether the prospect is stored and, if not, what to tell the visitor. */
export async function register(name: string, email: string): Promise<RegistrationResult> {
  try {
    const response = await postJson("/api/register", {
      contactId: getFunnelSession().contactId,
      name,
      email,
      ...readUtm(window.location.search),
      gpc: globalPrivacyControl(),
    });
    if (response.ok) return { ok: true };
    console.warn(`[opt-in] registration not stored (HTTP ${response.status})`);
    const body: unknown = await response.json().catch(() => null);
    return {
      ok: false,
      problem: registrationProblem(response.status, errorMessageOf(body)),
    };
  } catch (error) {
    console.warn("[opt-in] registration not sent", error);
    return { ok: false, problem: registrationProblem(null) };
  }
}

/**
 * Sends the answers and returns the server's verdict. If the server cannot be reached the
 * visitor still moves on, routed by the same rule locally; the server never trusts this value.
 */
export async function submitSurvey(answers: SurveyAnswers): Promise<boolean> {
  try {
    const response = await postJson("/api/survey", { contactId: getFunnelSession().contactId, ...answers });
    if (response.ok) {
      const body: unknown = await response.json();
      if (typeof body === "object" && body !== null && "qualified" in body && typeof body.qualified === "boolean") {
        return body.qualified;
      }
    }
    console.warn(`[survey] answers not stored (HTTP ${response.status})`);
  } catch (error) {
    console.warn("[survey] answers not sent", error);
  }
  return isQualified(answers);
}
