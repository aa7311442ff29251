import "server-only";
import { randomUUID } from "node:crypto";
import { getConfig } from "@/lib/platform/server/config";
import { ApiError } from "@/lib/platform/shared/api-error";
import { cookieValues, hostCookieName } from "@/lib/platform/shared/cookie-header";
import { derivedKey, keyVersions } from "@/lib/platform/server/security/derived-key";
import { signValue, verifySignedValue } from "@/lib/platform/server/security/signed-value";
import { cookieAttributes, decodeCookieValue } from "@/lib/platform/server/security/cookie-attributes";

// httpOnly, signed, SameSite=Lax; it holds only a random browser id (docs/product.md#funnel-session).
// On https its name is __Host- prefixed, so no sibling subdomain can plant one, and a request
// carrying two copies is not believed.

const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const BROWSER_ID = /^[0-9a-f-]{36}$/;

export function browserCookieName(): string {
  return hostCookieName("ff_browser", getConfig().SITE_URL);
}

/** The browser id and whether it was signed with the current key (an older one is re-issued). */
function verifiedBrowserId(value: string | undefined): { id: string; current: boolean } | null {
  const [current, legacy] = keyVersions("visitor-cookie");
  const id = verifySignedValue(value, current);
  if (id) return BROWSER_ID.test(id) ? { id, current: true } : null;
  const older = verifySignedValue(value, legacy);
  return older && BROWSER_ID.test(older) ? { id: older, current: false } : null;
}

export function browserIdFromCookieValue(value: string | undefined): string | null {
  return verifiedBrowserId(value)?.id ?? null;
}

function browserCookieCopies(request: Request): string[] {
  return cookieValues(request.headers.get("cookie"), browserCookieName());
}

function browserIdOf(copies: string[]): { id: string; current: boolean } | null {
  return copies.length === 1 ? verifiedBrowserId(decodeCookieValue(copies[0])) : null;
}

/** Two copies of the cookie (one planted) identify nobody. */
export function readBrowserId(request: Request): string | null {
  return browserIdOf(browserCookieCopies(request))?.id ?? null;
}

export function browserCookieHeader(browserId: string): string {
  const value = encodeURIComponent(signValue(browserId, derivedKey("visitor-cookie")));
  return `${browserCookieName()}=${value}; ${cookieAttributes(MAX_AGE_SECONDS)}`;
}

export function resolveBrowser(request: Request): { browserId: string; setCookie: string | null } {
  const copies = browserCookieCopies(request);
  if (copies.length > 1) throw new ApiError("invalid_request", "The request carries two copies of the browser cookie.");
  const existing = browserIdOf(copies);
  if (existing)
    return { browserId: existing.id, setCookie: existing.current ? null : browserCookieHeader(existing.id) };
  const browserId = randomUUID();
  return { browserId, setCookie: browserCookieHeader(browserId) };
}
