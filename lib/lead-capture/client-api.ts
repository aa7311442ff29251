import { getFunnelSession } from "@/lib/funnel/client-session";
import { readUtm } from "@/lib/funnel/utm";
import { isQualified } from "@/lib/lead-capture/qualification";
import type { SurveyAnswers } from "@/lib/lead-capture/survey-questions";

// Browser side of the opt-in: registration runs in the background while the visitor answers
// the survey; the survey then waits for it (the server needs the session bound first).

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

/** Never rejects: resolves true once the prospect is stored, false when registration failed. */
export async function register(name: string, email: string): Promise<boolean> {
  try {
    const response = await postJson("/api/register", {
      contactId: getFunnelSession().contactId,
      name,
      email,
      ...readUtm(window.location.search),
      gpc: globalPrivacyControl(),
    });
    if (!response.ok) console.warn(`[opt-in] registration not stored (HTTP ${response.status})`);
    return response.ok;
  } catch (error) {
    console.warn("[opt-in] registration not sent", error);
    return false;
  }
}

/**
 * Sends the answers and returns the server's verdict. If the server cannot be reached the
 * visitor still moves on, routed by the same rule locally; the server never trusts this value.
 */
export async function submitSurvey(registration: Promise<boolean>, answers: SurveyAnswers): Promise<boolean> {
  await registration;
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
