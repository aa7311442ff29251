import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { derivedKey } from "@/lib/platform/server/security/derived-key";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";

// A tracked link names one e-mail and one target, signed under a key of its own: /r/ redirects only
// where a message of ours pointed, so it is never an open redirect. Links do not expire, as a
// newsletter's links are followed months later.

export type ClickClaim = { emailId: string; url: string };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const CLAIM = new RegExp(`^(${UUID})\\.([A-Za-z0-9_-]{1,6000})$`);
const MAX_TOKEN_LENGTH = 6200;

export function isTrackableUrl(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url) && URL.canParse(url);
}

export function signClickToken(claim: ClickClaim): string {
  const target = Buffer.from(claim.url, "utf8").toString("base64url");
  return signValue(`${claim.emailId}.${target}`, derivedKey("email-click-link"));
}

/** The e-mail and target a token names, or null when it is forged, tampered with or malformed. */
export function verifyClickToken(token: string | null | undefined): ClickClaim | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const value = verifySignedValue(token, derivedKey("email-click-link"));
  const match = value ? CLAIM.exec(value) : null;
  if (!match) return null;
  const url = Buffer.from(match[2]!, "base64url").toString("utf8");
  return isTrackableUrl(url) ? { emailId: match[1]!, url } : null;
}

export function clickUrl(claim: ClickClaim): string {
  return `${getConfig().SITE_URL}/r/${signClickToken(claim)}`;
}
