import "server-only";
import { randomUUID } from "node:crypto";
import { getConfig, getSessionSecret } from "@/lib/platform/server/config";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";

// httpOnly, signed, SameSite=Lax; it holds only a random browser id (docs/product.md#funnel-session).

export const BROWSER_COOKIE = "ff_browser";
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const BROWSER_ID = /^[0-9a-f-]{36}$/;

/** Only our cookie is decoded: a malformed `%` in anyone else's must not turn routes into 500s. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function decodeCookie(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

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

export function resolveBrowser(request: Request): { browserId: string; setCookie: string | null } {
  const existing = readBrowserId(request);
  if (existing) return { browserId: existing, setCookie: null };
  const browserId = randomUUID();
  return { browserId, setCookie: browserCookieHeader(browserId) };
}
