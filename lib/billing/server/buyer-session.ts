import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { cookieValues, hostCookieName } from "@/lib/platform/shared/cookie-header";
import { derivedKey } from "@/lib/platform/server/security/derived-key";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";
import { cookieAttributes, decodeCookieValue } from "@/lib/platform/server/security/cookie-attributes";
import { BILLING_SESSION_HOURS, billingSessionExpiry } from "@/lib/billing/shared/billing-rules";

// The buyer's session on /billing: a signed cookie naming the lower-cased address and its expiry,
// apart from the console's sessions (docs/decisions/0038). httpOnly, SameSite=Lax, __Host- on https.

export type BuyerSession = { email: string; expiresAt: Date };

export function buyerCookieName(): string {
  return hostCookieName("ff_billing", getConfig().SITE_URL);
}

/** `<address in base64url>.<expiry in epoch seconds>`: no address can break the format. */
export function sessionPayload(session: BuyerSession): string {
  const seconds = Math.floor(session.expiresAt.getTime() / 1000);
  return `${Buffer.from(session.email.toLowerCase(), "utf8").toString("base64url")}.${seconds}`;
}

/** The session a verified payload names, or null when it is malformed or has expired. */
export function sessionFromPayload(payload: string, now: Date): BuyerSession | null {
  const match = /^([A-Za-z0-9_-]{1,700})\.(\d{1,12})$/.exec(payload);
  if (!match) return null;
  const email = Buffer.from(match[1]!, "base64url").toString("utf8");
  if (!email.includes("@") || email !== email.toLowerCase()) return null;
  const expiresAt = new Date(Number(match[2]) * 1000);
  return expiresAt.getTime() > now.getTime() ? { email, expiresAt } : null;
}

export function signedSession(session: BuyerSession): string {
  return signValue(sessionPayload(session), derivedKey("billing-session"));
}

/** A cookie value (as sent, URL-encoded) that carries a live session signed with the current key. */
export function sessionFromCookieValue(value: string | undefined, now = new Date()): BuyerSession | null {
  const decoded = decodeCookieValue(value);
  if (decoded === undefined) return null;
  const payload = verifySignedValue(decoded, derivedKey("billing-session"));
  return payload ? sessionFromPayload(payload, now) : null;
}

/** Two copies of the cookie (one planted) sign nobody in. */
export function sessionFromCopies(copies: string[], now = new Date()): BuyerSession | null {
  return copies.length === 1 ? sessionFromCookieValue(copies[0], now) : null;
}

export function readBuyerSession(request: Request, now = new Date()): BuyerSession | null {
  return sessionFromCopies(cookieValues(request.headers.get("cookie"), buyerCookieName()), now);
}

export function buyerSessionCookie(email: string, now = new Date()): string {
  const value = encodeURIComponent(signedSession({ email: email.toLowerCase(), expiresAt: billingSessionExpiry(now) }));
  return `${buyerCookieName()}=${value}; ${cookieAttributes(BILLING_SESSION_HOURS * 3600)}`;
}

export function clearedBuyerSessionCookie(): string {
  return `${buyerCookieName()}=; ${cookieAttributes(0)}`;
}
