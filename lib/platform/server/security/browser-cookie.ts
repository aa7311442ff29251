import "server-only";
import { randomUUID } from "node:crypto";
import { getConfig, getSessionSecret } from "@/lib/platform/server/config";
import { ApiError } from "@/lib/platform/shared/api-error";
import { cookieValues, hostCookieName } from "@/lib/platform/shared/cookie-header";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";

// httpOnly, signed, SameSite=Lax; it holds only a random browser id (docs/product.md#funnel-session).
// On https its name is __Host- prefixed, so no sibling subdomain can plant one, and a request
// carrying two copies is not believed.

const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const BROWSER_ID = /^[0-9a-f-]{36}$/;

export function browserCookieName(): string {
  return hostCookieName("ff_browser", getConfig().SITE_URL);
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

function browserCookieCopies(request: Request): string[] {
  return cookieValues(request.headers.get("cookie"), browserCookieName());
}

function browserIdOf(copies: string[]): string | null {
  return copies.length === 1 ? browserIdFromCookieValue(decodeCookie(copies[0])) : null;
}

/** Two copies of the cookie (one planted) identify nobody. */
export function readBrowserId(request: Request): string | null {
  return browserIdOf(browserCookieCopies(request));
}

export function browserCookieHeader(browserId: string): string {
  const secure = getConfig().SITE_URL.startsWith("https:") ? "; Secure" : "";
  const value = encodeURIComponent(signValue(browserId, getSessionSecret()));
  return `${browserCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_SECONDS}${secure}`;
}

export function resolveBrowser(request: Request): { browserId: string; setCookie: string | null } {
  const copies = browserCookieCopies(request);
  if (copies.length > 1) throw new ApiError("invalid_request", "The request carries two copies of the browser cookie.");
  const existing = browserIdOf(copies);
  if (existing) return { browserId: existing, setCookie: null };
  const browserId = randomUUID();
  return { browserId, setCookie: browserCookieHeader(browserId) };
}
