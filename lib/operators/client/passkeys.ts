import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { OPERATOR_AUTH_BASE_PATH } from "@/lib/operators/shared/auth-rules";

// Plain fetch: better-auth's client library would add weight for four calls. Never on a public page.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const isCreationOptions = (value: unknown): value is PublicKeyCredentialCreationOptionsJSON =>
  isObject(value) && typeof value.challenge === "string" && isObject(value.rp) && isObject(value.user);

const isRequestOptions = (value: unknown): value is PublicKeyCredentialRequestOptionsJSON =>
  isObject(value) && typeof value.challenge === "string";

async function failureOf(response: Response, fallback: string): Promise<Error> {
  const body: unknown = await response.json().catch(() => null);
  return new Error(isObject(body) && typeof body.message === "string" && body.message ? body.message : fallback);
}

async function call(path: string, init: RequestInit, fallback: string): Promise<unknown> {
  const response = await fetch(`${OPERATOR_AUTH_BASE_PATH}${path}`, init);
  if (!response.ok) throw await failureOf(response, fallback);
  return response.json();
}

const jsonPost = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

function promptFailure(error: unknown, fallback: string): Error {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return new Error("This device already holds a passkey for your account.");
  }
  if (error instanceof Error && error.name === "NotAllowedError") return new Error("The passkey prompt was cancelled.");
  return new Error(fallback);
}

export async function registerPasskey(name: string): Promise<void> {
  const fallback = "Adding the passkey did not work.";
  const options = await call(`/passkey/generate-register-options?name=${encodeURIComponent(name)}`, {}, fallback);
  if (!isCreationOptions(options)) throw new Error(fallback);
  const credential = await startRegistration({ optionsJSON: options }).catch((error: unknown) => {
    throw promptFailure(error, fallback);
  });
  // As better-auth's client does.
  const response: Partial<typeof credential> = { ...credential };
  delete response.clientExtensionResults;
  await call("/passkey/verify-registration", jsonPost({ response, name }), fallback);
}

export async function signInWithPasskey(): Promise<void> {
  const fallback = "Signing in with a passkey did not work.";
  const options = await call("/passkey/generate-authenticate-options", {}, fallback);
  if (!isRequestOptions(options)) throw new Error(fallback);
  const credential = await startAuthentication({ optionsJSON: options }).catch((error: unknown) => {
    throw promptFailure(error, fallback);
  });
  const response: Partial<typeof credential> = { ...credential };
  delete response.clientExtensionResults;
  await call("/passkey/verify-authentication", jsonPost({ response }), fallback);
}

export async function deletePasskey(id: string): Promise<void> {
  await call("/passkey/delete-passkey", jsonPost({ id }), "Removing the passkey did not work.");
}
