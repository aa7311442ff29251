import "server-only";
import { Webhook } from "standardwebhooks";
import { ATTEMPT_TIMEOUT_MS, isSuccessStatus } from "@/lib/platform/shared/webhook-retry-schedule";
import { describeError } from "@/lib/platform/shared/describe-error";

// Standard Webhooks signing. Redirects are never followed: a receiver cannot bounce a signed
// payload to another host.

export type AttemptResult = { statusCode: number | null; durationMs: number; error: string | null; succeeded: boolean };

export function isDeliverableUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

export async function sendAttempt(
  endpoint: { url: string; secret: string },
  eventId: string,
  body: string,
  at = new Date(),
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (!isDeliverableUrl(endpoint.url))
    return { statusCode: null, durationMs: 0, error: "not an http(s) URL", succeeded: false };
  try {
    const signature = new Webhook(endpoint.secret).sign(eventId, at, body);
    const response = await fetch(endpoint.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "user-agent": "fast-forward-webhooks/1",
        "webhook-id": eventId,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
    });
    // Receivers' answers are not ours to store; release the connection.
    await response.body?.cancel().catch(() => undefined);
    const succeeded = isSuccessStatus(response.status);
    return {
      statusCode: response.status,
      durationMs: elapsed(),
      error: succeeded ? null : `HTTP ${response.status}`,
      succeeded,
    };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      statusCode: null,
      durationMs: elapsed(),
      error: timedOut ? `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s` : networkError(error),
      succeeded: false,
    };
  }
}

function networkError(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? ` (${describeError(error.cause)})` : "";
  return `${describeError(error)}${cause}`.slice(0, 500);
}
