import "server-only";
import { randomUUID } from "node:crypto";
import { SignJWT, type JWTPayload } from "jose";
import { getConfig } from "@/lib/platform/server/config";
import { keyVersions } from "@/lib/platform/server/security/derived-key";
import { jwtVerifyWithAnyKey } from "@/lib/platform/server/security/versioned-jwt";

// HS256, 15 minutes, with a jti recorded in handoff_tokens (docs/product.md#contract-setup-hand-off).
// The table keeps jti and expiry, never the token: HS256 is deterministic, so the same claims, jti
// and times sign the same token again when a buyer reloads the page.

export const HANDOFF_AUDIENCE = "fast-forward-contract-setup";
export const HANDOFF_LIFETIME_SECONDS = 15 * 60;

export type HandoffClaims = { transactionId: string; email: string; product: string; seats: number };

/** Newest first: tokens signed before the move to HKDF verify for their 15 minutes. */
function secretKeys(): Uint8Array[] {
  const configured = getConfig().HANDOFF_TOKEN_SECRET;
  return (configured ? [configured] : keyVersions("handoff-token")).map((secret) => new TextEncoder().encode(secret));
}

export function handoffIssuer(): string {
  return getConfig().SITE_URL;
}

/** `again`: a recorded token's jti and expiry, to sign that same token once more. */
export async function signHandoffToken(
  claims: HandoffClaims,
  now = new Date(),
  again?: { jti: string; expiresAt: Date },
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const jti = again?.jti ?? randomUUID();
  const issuedAt = again
    ? Math.floor(again.expiresAt.getTime() / 1000) - HANDOFF_LIFETIME_SECONDS
    : Math.floor(now.getTime() / 1000);
  const expiresAt = new Date((issuedAt + HANDOFF_LIFETIME_SECONDS) * 1000);
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(handoffIssuer())
    .setAudience(HANDOFF_AUDIENCE)
    .setSubject(claims.transactionId)
    .setJti(jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + HANDOFF_LIFETIME_SECONDS)
    .sign(secretKeys()[0]!);
  return { token, jti, expiresAt };
}

export async function verifyHandoffToken(token: string): Promise<HandoffClaims & JWTPayload> {
  const { payload } = await jwtVerifyWithAnyKey(token, secretKeys(), {
    issuer: handoffIssuer(),
    audience: HANDOFF_AUDIENCE,
    algorithms: ["HS256"],
  });
  const { transactionId, email, product, seats } = payload;
  if (typeof transactionId !== "string" || typeof email !== "string" || typeof product !== "string") {
    throw new Error("hand-off token is missing its claims");
  }
  if (typeof seats !== "number") throw new Error("hand-off token is missing its claims");
  return { ...payload, transactionId, email, product, seats };
}
