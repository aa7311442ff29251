import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/platform/server/config";
import { firstVisitBrowser, type FirstVisit } from "@/lib/experiments/server/first-visit-browser";
import { decideLanding, experimentRunning } from "@/lib/experiments/server/landing-route";
import { buildContentSecurityPolicy, buildStrictTransportSecurity } from "@/lib/site/server/content-security-policy";
import { cachedPageNonce } from "@/lib/site/server/page-nonce";
import {
  CACHEABLE_PAGES,
  LANDING_ROUTE_PREFIX,
  PRIVATE_PAGE_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
  landingRoute,
} from "@/lib/site/shared/page-cache";

// Cached pages get their stable nonce so the kept render and every answer agree; every other page
// a fresh nonce per request. Next.js reads the nonce from the request's CSP header.

const OFFER_PAGE = "/oto-realtime-ai-academy";

export function newNonce(): string {
  // 128 random bits, as CSP asks.
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

type PagePlan = {
  nonce: string;
  rewrite?: string;
  cacheControl?: string;
  firstVisit: FirstVisit | null;
};

async function planPage(request: NextRequest): Promise<PagePlan> {
  const path = request.nextUrl.pathname;
  if (path === "/") {
    const landing = await decideLanding(request);
    const rewrite = landingRoute(landing.variant);
    const cacheControl = landing.perVisitor ? PRIVATE_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL;
    return { nonce: cachedPageNonce(rewrite), rewrite, cacheControl, firstVisit: landing.firstVisit };
  }
  // The variants' own addresses are internal.
  if (path.startsWith(LANDING_ROUTE_PREFIX)) return { nonce: newNonce(), rewrite: "/landing", firstVisit: null };
  if (CACHEABLE_PAGES.has(path)) {
    return { nonce: cachedPageNonce(path), cacheControl: PUBLIC_PAGE_CACHE_CONTROL, firstVisit: null };
  }
  const minting = path === OFFER_PAGE && (await experimentRunning("offer"));
  return { nonce: newNonce(), firstVisit: minting ? firstVisitBrowser(request) : null };
}

export async function withPageSecurity(request: NextRequest): Promise<NextResponse> {
  const config = getConfig();
  const plan = await planPage(request);
  const policy = buildContentSecurityPolicy(plan.nonce, config);

  // A client-sent policy must not reach the renderer.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  if (plan.firstVisit) requestHeaders.set("cookie", plan.firstVisit.cookieHeader);

  const forward = { request: { headers: requestHeaders } };
  const response = plan.rewrite
    ? NextResponse.rewrite(new URL(plan.rewrite, request.url), forward)
    : NextResponse.next(forward);
  response.headers.set("content-security-policy", policy);
  // Next.js writes its own only when none is set.
  if (plan.cacheControl) response.headers.set("cache-control", plan.cacheControl);
  const hsts = buildStrictTransportSecurity(config.SITE_URL);
  if (hsts) response.headers.set("strict-transport-security", hsts);
  if (plan.firstVisit) response.headers.append("set-cookie", plan.firstVisit.setCookie);
  return response;
}
