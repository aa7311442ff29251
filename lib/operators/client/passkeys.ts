import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { callAuth, isObject, jsonPost } from "@/lib/operators/client/auth-call";

const isCreationOptions = (value: unknown): value is PublicKeyCredentialCreationOptionsJSON =>
  isObject(value) && typeof value.challenge === "string" && isObject(value.rp) && isObject(value.user);

const isRequestOptions = (value: unknown): value is PublicKeyCredentialRequestOptionsJSON =>
  isObject(value) && typeof value.challenge === "string";

function promptFailure(error: unknown, fallback: string): Error {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return new Error("This device already holds a passkey for your account.");
  }
  if (error instanceof Error && error.name === "NotAllowedError") return new Error("The passkey prompt was cancelled.");
  return new Error(fallback);
}

export async function registerPasskey(name: string): Promise<void> {
  const fallback = "Adding the passkey did not work.";
  const options = await callAuth(`/passkey/generate-register-options?name=${encodeURIComponent(name)}`, {}, fallback);
  if (!isCreationOptions(options)) throw new Error(fallback);
  const credential = await startRegistration({ optionsJSON: options }).catch((error: unknown) => {
    throw promptFailure(error, fallback);
  });
  // As better-auth's client does.
  const response: Partial<typeof credential> = { ...credential };
  delete response.clientExtensionResults;
  await callAuth("/passkey/verify-registration", jsonPost({ response, name }), fallback);
}

export async function signInWithPasskey(): Promise<void> {
  const fallback = "Signing in with a passkey did not work.";
  const options = await callAuth("/passkey/generate-authenticate-options", {}, fallback);
  if (!isRequestOptions(options)) throw new Error(fallback);
  const credential = await startAuthentication({ optionsJSON: options }).catch((error: unknown) => {
    throw promptFailure(error, fallback);
  });
  const response: Partial<typeof credential> = { ...credential };
  delete response.clientExtensionResults;
  await callAuth("/passkey/verify-authentication", jsonPost({ response }), fallback);
}

export async function deletePasskey(id: string): Promise<void> {
  await callAuth("/passkey/delete-passkey", jsonPost({ id }), "Removing the passkey did not work.");
}
