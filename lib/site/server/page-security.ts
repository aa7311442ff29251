import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/platform/server/config";
import { firstVisitBrowser } from "@/lib/experiments/server/first-visit-browser";
import { buildContentSecurityPolicy, buildStrictTransportSecurity } from "@/lib/site/server/content-security-policy";

// Per-request page security for proxy.ts: a fresh nonce, the policy carrying it on both the
// request (Next.js reads the nonce from the request's Content-Security-Policy header and puts it
// on every script it renders) and the response, and HSTS when the site is https. A first visit to
// a split-tested page also gets its browser id here (lib/experiments/server/first-visit-browser.ts).

/** The request header server components read the nonce from (lib/site/server/csp-nonce.ts). */
export const NONCE_HEADER = "x-nonce";

export function newNonce(): string {
  // 128 random bits, as CSP asks; base64 is what the nonce-source grammar accepts.
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export function withPageSecurity(request: NextRequest): NextResponse {
  const config = getConfig();
  const nonce = newNonce();
  const policy = buildContentSecurityPolicy(nonce, config);

  // Overwritten, never merged: a client-sent x-nonce or policy must not reach the renderer.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set("content-security-policy", policy);
  const firstVisit = firstVisitBrowser(request);
  if (firstVisit) requestHeaders.set("cookie", firstVisit.cookieHeader);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  const hsts = buildStrictTransportSecurity(config.SITE_URL);
  if (hsts) response.headers.set("strict-transport-security", hsts);
  if (firstVisit) response.headers.append("set-cookie", firstVisit.setCookie);
  return response;
}
