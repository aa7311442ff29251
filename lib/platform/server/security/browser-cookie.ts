import "server-only";
import { randomUUID } from "node:crypto";
import { getConfig, getSessionSecret } from "@/lib/platform/server/config";
import { ApiError } from "@/lib/platform/shared/api-error";
import { cookieValues } from "@/lib/platform/shared/cookie-header";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";

// httpOnly, signed, SameSite=Lax; it holds only a random browser id (docs/product.md#funnel-session).
// On https its name is __Host- prefixed, so no sibling subdomain can plant one, and a request
// carrying two copies is not believed.

const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const BROWSER_ID = /^[0-9a-f-]{36}$/;

export function browserCookieName(): string {
  return getConfig().SITE_URL.startsWith("https:") ? "__Host-ff_browser" : "ff_browser";
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

/** Two copies of the cookie (one planted) identify nobody. */
export function readBrowserId(request: Request): string | null {
  const values = cookieValues(request.headers.get("cookie"), browserCookieName());
  return values.length === 1 ? browserIdFromCookieValue(decodeCookie(values[0])) : null;
}

export function browserCookieHeader(browserId: string): string {
  const secure = getConfig().SITE_URL.startsWith("https:") ? "; Secure" : "";
  const value = encodeURIComponent(signValue(browserId, getSessionSecret()));
  return `${browserCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_SECONDS}${secure}`;
}

export function resolveBrowser(request: Request): { browserId: string; setCookie: string | null } {
  if (cookieValues(request.headers.get("cookie"), browserCookieName()).length > 1) {
    throw new ApiError("invalid_request", "The request carries two copies of the browser cookie.");
  }
  const existing = readBrowserId(request);
  if (existing) return { browserId: existing, setCookie: null };
  const browserId = randomUUID();
  return { browserId, setCookie: browserCookieHeader(browserId) };
}
