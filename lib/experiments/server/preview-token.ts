import "server-only";
import { derivedKey } from "@/lib/platform/server/security/derived-key";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";

// A catalog test's preview changes what the holder is charged, so only the console can make one:
// the experiment and variant, signed. It records no exposure, like the offer's `?variant=`.

export type PreviewClaim = { experimentId: string; variant: string };

export function signPreview(claim: PreviewClaim): string {
  return signValue(`${claim.experimentId}~${claim.variant}`, derivedKey("experiment-preview"));
}

export function verifyPreview(token: string | null | undefined): PreviewClaim | null {
  if (!token || token.length > 200) return null;
  const value = verifySignedValue(token, derivedKey("experiment-preview"));
  const at = value?.indexOf("~") ?? -1;
  if (!value || at <= 0) return null;
  return { experimentId: value.slice(0, at), variant: value.slice(at + 1) };
}
