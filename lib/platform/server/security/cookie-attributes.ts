import "server-only";
import { getConfig } from "@/lib/platform/server/config";

// The attributes every cookie the site signs is set with: httpOnly, SameSite=Lax, Secure on https.

export function cookieAttributes(maxAgeSeconds: number): string {
  const secure = getConfig().SITE_URL.startsWith("https:") ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** A cookie value as sent (URL-encoded), or undefined when it does not decode. */
export function decodeCookieValue(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
