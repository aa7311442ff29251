import { OPERATOR_AUTH_BASE_PATH } from "@/lib/operators/shared/auth-rules";

// Plain fetch: better-auth's client library would add weight for a handful of calls. Never on a public page.

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

async function failureOf(response: Response, fallback: string): Promise<Error> {
  const body: unknown = await response.json().catch(() => null);
  // better-auth answers { message }, the app's gate { error: { message } }.
  const message = isObject(body) ? (isObject(body.error) ? body.error.message : body.message) : null;
  return new Error(typeof message === "string" && message ? message : fallback);
}

/** A better-auth endpoint's JSON answer, or an Error carrying its message. */
export async function callAuth(path: string, init: RequestInit, fallback: string): Promise<unknown> {
  const response = await fetch(`${OPERATOR_AUTH_BASE_PATH}${path}`, init).catch(() => {
    throw new Error("The console could not be reached. Please try again.");
  });
  if (!response.ok) throw await failureOf(response, fallback);
  return response.json();
}

export const jsonPost = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
