import "server-only";
import { errors, SignJWT } from "jose";
import { addressHash, unsubscribeTokenKeys } from "@/lib/platform/server/mail/unsubscribe-keys";
import { jwtVerifyWithAnyKey } from "@/lib/platform/server/security/versioned-jwt";

// The subject is the suppression hash, not the address: the link reveals nobody and works after
// erasure. Links work 60 days; /email-terms promises 30.

export const UNSUBSCRIBE_AUDIENCE = "fast-forward-unsubscribe";
export const UNSUBSCRIBE_LIFETIME_DAYS = 60;
const LIFETIME_SECONDS = UNSUBSCRIBE_LIFETIME_DAYS * 24 * 60 * 60;
const MAX_TOKEN_LENGTH = 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `emailId`, when given, names the message the link came in (`eid`); it grants nothing. */
export async function signUnsubscribeToken(recipient: string, now = new Date(), emailId?: string): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(emailId ? { eid: emailId } : {})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(UNSUBSCRIBE_AUDIENCE)
    .setSubject(addressHash(recipient))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LIFETIME_SECONDS)
    .sign(unsubscribeTokenKeys()[0]!);
}

export type UnsubscribeTokenCheck =
  { valid: true; addressHash: string; emailId: string | null } | { valid: false; reason: "expired" | "invalid" };

export async function verifyUnsubscribeToken(token: unknown, now = new Date()): Promise<UnsubscribeTokenCheck> {
  if (typeof token !== "string" || !token || token.length > MAX_TOKEN_LENGTH)
    return { valid: false, reason: "invalid" };
  try {
    const { payload } = await jwtVerifyWithAnyKey(token, unsubscribeTokenKeys(), {
      audience: UNSUBSCRIBE_AUDIENCE,
      algorithms: ["HS256"],
      currentDate: now,
      requiredClaims: ["sub", "exp"],
      clockTolerance: 0,
    });
    if (typeof payload.sub !== "string" || !/^[\w-]{43}$/.test(payload.sub)) return { valid: false, reason: "invalid" };
    const emailId = typeof payload.eid === "string" && UUID.test(payload.eid) ? payload.eid : null;
    return { valid: true, addressHash: payload.sub, emailId };
  } catch (error) {
    // Expired is only worth saying when the signature was ours.
    return { valid: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}
