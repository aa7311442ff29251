import "server-only";
import { randomUUID } from "node:crypto";
import { getConfig, getSessionSecret } from "@/lib/platform/server/config";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";

// The httpOnly, signed, SameSite=Lax cookie that binds a browser to its funnel sessions and
// prospect (design.md §4). It holds only a random browser id; everything else is in Postgres.

export const BROWSER_COOKIE = "ff_browser";
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const BROWSER_ID = /^[0-9a-f-]{36}$/;

/**
 * The raw (still encoded) value of one cookie, or undefined. Only our cookie is ever decoded:
 * other cookies on the domain are none of our business, and decoding them all let any
 * malformed `%` (`x=100%`) throw a URIError and turn every JSON route into a 500.
 */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** decodeURIComponent that answers undefined for a malformed escape: such a cookie is no cookie. */
function decodeCookie(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The verified browser id from a raw cookie value, or null when absent or tampered with. */
export function browserIdFromCookieValue(value: string | undefined): string | null {
  const id = verifySignedValue(value, getSessionSecret());
  return id && BROWSER_ID.test(id) ? id : null;
}

export function readBrowserId(request: Request): string | null {
  return browserIdFromCookieValue(decodeCookie(cookieValue(request.headers.get("cookie"), BROWSER_COOKIE)));
}

export function browserCookieHeader(browserId: string): string {
  const secure = getConfig().SITE_URL.startsWith("https:") ? "; Secure" : "";
  const value = encodeURIComponent(signValue(browserId, getSessionSecret()));
  return `${BROWSER_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_SECONDS}${secure}`;
}

/** The caller's browser id, minting one (and the Set-Cookie header to send) when it has none. */
export function resolveBrowser(request: Request): { browserId: string; setCookie: string | null } {
  const existing = readBrowserId(request);
  if (existing) return { browserId: existing, setCookie: null };
  const browserId = randomUUID();
  return { browserId, setCookie: browserCookieHeader(browserId) };
}
