// Cross-site request refusal for state-changing routes (design.md §6): browsers label every
// request with Sec-Fetch-Site and, for POSTs, Origin; either one pointing elsewhere is refused.

export type OriginInput = {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  /** The origin this request was addressed to (scheme + host it arrived on). */
  requestOrigin: string;
  /** The configured public origin (SITE_URL). */
  siteOrigin: string;
};

export function isCrossSiteRequest(input: OriginInput): boolean {
  if (input.method === "GET" || input.method === "HEAD" || input.method === "OPTIONS") return false;
  if (input.secFetchSite === "cross-site" || input.secFetchSite === "same-site") return true;
  if (input.origin === null) return false; // non-browser clients (curl, server-to-server)
  if (input.origin === "null") return true; // sandboxed frames, file:// pages
  return input.origin !== input.requestOrigin && input.origin !== input.siteOrigin;
}
