import { RequestFailedError } from "@/lib/platform/client/client-post";
import { OPERATOR_AUTH_BASE_PATH } from "@/lib/operators/shared/auth-rules";
import { signInAgainHref } from "@/lib/operators/shared/return-path";

// A console action refused for a stale sign-in tells the layout's prompt, which offers to sign in
// again and come back to the same page.

export const REAUTH_EVENT = "ff-console-reauthentication-required";
const REAUTH_CODE = "reauthentication_required";

/** Call with any caught failure or an error body's code; only a stale-sign-in refusal counts. */
export function reportIfReauthRequired(failure: unknown): void {
  const code = failure instanceof RequestFailedError ? failure.code : failure;
  if (code === REAUTH_CODE) window.dispatchEvent(new Event(REAUTH_EVENT));
}

/** Ends this session (a new sign-in is the point), then opens the sign-in page that returns here. */
export async function signInAgain(): Promise<void> {
  await fetch(`${OPERATOR_AUTH_BASE_PATH}/sign-out`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  }).catch(() => undefined);
  window.location.assign(signInAgainHref(`${window.location.pathname}${window.location.search}`));
}
