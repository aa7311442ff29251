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
