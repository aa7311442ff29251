import { callAuth, isObject, jsonPost } from "@/lib/operators/client/auth-call";

// The authenticator-app (TOTP) calls of the sign-in page and the security page.

export type TotpEnrolment = { totpURI: string; secret: string; recoveryCodes: string[] };

const isCodes = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((code) => typeof code === "string");

/** Starts enrolment: the secret for the app and the recovery codes, shown once. */
export async function startTotp(password: string): Promise<TotpEnrolment> {
  const fallback = "Setting up the authenticator app did not work.";
  const answer = await callAuth("/two-factor/enable", jsonPost({ password }), fallback);
  if (!isObject(answer) || typeof answer.totpURI !== "string" || !isCodes(answer.backupCodes)) {
    throw new Error(fallback);
  }
  const secret = new URL(answer.totpURI).searchParams.get("secret") ?? "";
  return { totpURI: answer.totpURI, secret, recoveryCodes: answer.backupCodes };
}

/** The app's code: finishes enrolment, or the second step of a password sign-in. */
export async function verifyTotp(code: string): Promise<void> {
  await callAuth("/two-factor/verify-totp", jsonPost({ code }), "That code is not right. Try the newest one.");
}

export async function verifyRecoveryCode(code: string): Promise<void> {
  await callAuth("/two-factor/verify-backup-code", jsonPost({ code }), "That recovery code is not right or was used.");
}

export async function turnOffTotp(password: string): Promise<void> {
  await callAuth("/two-factor/disable", jsonPost({ password }), "Turning off the authenticator app did not work.");
}

export async function renewRecoveryCodes(password: string): Promise<string[]> {
  const fallback = "Making new recovery codes did not work.";
  const answer = await callAuth("/two-factor/generate-backup-codes", jsonPost({ password }), fallback);
  if (!isObject(answer) || !isCodes(answer.backupCodes)) throw new Error(fallback);
  return answer.backupCodes;
}
