import "server-only";
import { errors, jwtVerify, SignJWT } from "jose";
import { addressHash, unsubscribeTokenKey } from "@/lib/platform/server/mail/unsubscribe-keys";

// The token in every marketing e-mail's unsubscribe link and List-Unsubscribe header: an HS256
// JWT whose subject is the recipient's suppression hash, not the address, so the link (which ends
// up in browser histories and proxy logs) reveals nobody, and still works after the prospect is
// erased. /email-terms promises at least 30 days; links work for 60, counted from the enqueue.

export const UNSUBSCRIBE_AUDIENCE = "fast-forward-unsubscribe";
export const UNSUBSCRIBE_LIFETIME_DAYS = 60;
const LIFETIME_SECONDS = UNSUBSCRIBE_LIFETIME_DAYS * 24 * 60 * 60;
/** Far longer than any token we issue; longer input is not worth an HMAC. */
const MAX_TOKEN_LENGTH = 1024;

export async function signUnsubscribeToken(recipient: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(UNSUBSCRIBE_AUDIENCE)
    .setSubject(addressHash(recipient))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LIFETIME_SECONDS)
    .sign(unsubscribeTokenKey());
}

export type UnsubscribeTokenCheck =
  { valid: true; addressHash: string } | { valid: false; reason: "expired" | "invalid" };

/** Never throws: anything that is not a current token of ours is "invalid" or "expired". */
export async function verifyUnsubscribeToken(token: unknown, now = new Date()): Promise<UnsubscribeTokenCheck> {
  if (typeof token !== "string" || !token || token.length > MAX_TOKEN_LENGTH)
    return { valid: false, reason: "invalid" };
  try {
    const { payload } = await jwtVerify(token, unsubscribeTokenKey(), {
      audience: UNSUBSCRIBE_AUDIENCE,
      algorithms: ["HS256"],
      currentDate: now,
      requiredClaims: ["sub", "exp"],
      clockTolerance: 0,
    });
    if (typeof payload.sub !== "string" || !/^[\w-]{43}$/.test(payload.sub)) return { valid: false, reason: "invalid" };
    return { valid: true, addressHash: payload.sub };
  } catch (error) {
    // Expired is only worth saying when the signature was ours; jose checks it first.
    return { valid: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}
