// Browsers label requests with Sec-Fetch-Site and, for POSTs, Origin; either pointing elsewhere is refused.

export type OriginInput = {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  requestOrigin: string;
  siteOrigin: string;
};

export function isCrossSiteRequest(input: OriginInput): boolean {
  if (input.method === "GET" || input.method === "HEAD" || input.method === "OPTIONS") return false;
  if (input.secFetchSite === "cross-site" || input.secFetchSite === "same-site") return true;
  if (input.origin === null) return false; // non-browser clients (curl, server-to-server)
  if (input.origin === "null") return true; // sandboxed frames, file:// pages
  return input.origin !== input.requestOrigin && input.origin !== input.siteOrigin;
}

// Only the first entry of a forwarded list names what the client addressed; anything else is not a host.
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;
const firstEntry = (value: string | null) => value?.split(",")[0]?.trim() || null;

/**
 * The origin the client addressed: the Host header over `protocol`, or behind trusted proxies
 * (TRUSTED_PROXY_HOPS > 0) their X-Forwarded-Host and X-Forwarded-Proto. Null for a missing or bad host.
 */
export function requestOriginOf(headers: Headers, trustedProxyHops: number, protocol: string): string | null {
  const proxied = trustedProxyHops > 0;
  const host = (proxied ? firstEntry(headers.get("x-forwarded-host")) : null) ?? headers.get("host");
  const forwardedProto = proxied ? firstEntry(headers.get("x-forwarded-proto"))?.toLowerCase() : undefined;
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : protocol;
  if (!host || !HOST.test(host)) return null;
  return new URL(`${scheme}//${host}`).origin;
}

/**
 * A browser's same-origin request to an address other than SITE_URL's: a setup mistake (the site
 * opened at 127.0.0.1 while SITE_URL says localhost), not an attack, so it gets its own answer.
 */
export function isOtherAddressOfSite(input: Omit<OriginInput, "method">): boolean {
  const { origin, secFetchSite, requestOrigin, siteOrigin } = input;
  if (origin === null || origin === "null" || origin === siteOrigin) return false;
  if (secFetchSite !== null) return secFetchSite === "same-origin";
  return origin === requestOrigin;
}
